"use client";

import type { DragEvent, KeyboardEvent } from "react";
import { ConfirmButton } from "../common/confirm-button";
import { iconGlyph } from "./icons";

export type ProjectRow = {
  id: number;
  name: string;
  description: string;
  color: string;
  icon: string;
  service_count: number;
};

type Props = {
  project: ProjectRow;
  position: number;
  count: number;
  monitorCount: number | undefined;
  dragging: boolean;
  onMove: (delta: number) => void;
  onEdit: () => void;
  onDelete: () => void;
  drag: {
    onDragStart: (e: DragEvent) => void;
    onDragOver: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
    onDragEnd: () => void;
  };
};

/** One project: a move handle (arrow keys or drag), its look, counts, edit and delete. */
export function ProjectItem({
  project: p,
  position,
  count,
  monitorCount,
  dragging,
  onMove,
  onEdit,
  onDelete,
  drag,
}: Props) {
  function onKey(e: KeyboardEvent) {
    if (e.key === "ArrowUp" && position > 1) {
      e.preventDefault();
      onMove(-1);
    }
    if (e.key === "ArrowDown" && position < count) {
      e.preventDefault();
      onMove(1);
    }
  }
  return (
    <li
      className={`project-item${dragging ? " dragging" : ""}`}
      data-testid="project-item"
      draggable
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
    >
      <button
        type="button"
        className="grip"
        aria-label={`Move ${p.name}, position ${position} of ${count}. Use the up and down arrow keys.`}
        onKeyDown={onKey}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="icon" aria-hidden="true">
        {iconGlyph(p.icon)}
      </span>
      <span className="swatch" style={{ background: p.color }} aria-hidden="true" />
      <div className="grow">
        <strong data-testid="project-name">{p.name}</strong>
        {p.description && <p className="muted small-text">{p.description}</p>}
        <p className="muted small-text">
          {p.service_count} {p.service_count === 1 ? "service" : "services"} · {monitorCount ?? "…"}{" "}
          {monitorCount === 1 ? "monitor" : "monitors"}
        </p>
      </div>
      <div className="row tight wrap">
        <button
          type="button"
          className="secondary small"
          onClick={() => onMove(-1)}
          disabled={position === 1}
          aria-label={`Move ${p.name} up`}
        >
          ↑
        </button>
        <button
          type="button"
          className="secondary small"
          onClick={() => onMove(1)}
          disabled={position === count}
          aria-label={`Move ${p.name} down`}
        >
          ↓
        </button>
        <button type="button" className="secondary small" onClick={onEdit} aria-label={`Edit ${p.name}`}>
          Edit
        </button>
        <ConfirmButton
          label={`Delete ${p.name}`}
          title={`Delete project ${p.name}?`}
          confirmLabel="Delete project"
          danger
          onConfirm={onDelete}
        >
          <p>Its services and monitors stay, without a project. This cannot be undone.</p>
        </ConfirmButton>
      </div>
    </li>
  );
}
