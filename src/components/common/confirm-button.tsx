"use client";

import { useId, useRef, type ReactNode } from "react";

/**
 * A button that asks first: a modal dialog naming the consequence, with the action and Cancel.
 * `danger` styles the confirming action in the danger colour (its text says what it does).
 * `text` is a shorter visible text (e.g. "Delete") when `label` (the accessible name) repeats a long name.
 */
export function ConfirmButton(props: {
  label: string;
  text?: string;
  small?: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  danger?: boolean;
  disabled?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <>
      <button
        type="button"
        className={`${props.danger ? "danger-outline" : "secondary"}${props.small ? " small" : ""}`}
        aria-label={props.text ? props.label : undefined}
        disabled={props.disabled}
        onClick={() => dialog.current?.showModal()}
      >
        {props.text ?? props.label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId}>
        <h2 id={titleId}>{props.title}</h2>
        <div>{props.children}</div>
        <div className="row end">
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            className={props.danger ? "danger" : undefined}
            onClick={() => {
              dialog.current?.close();
              props.onConfirm();
            }}
          >
            {props.confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}
