"use client";

import { useId, useState } from "react";
import { moved } from "./order";

/** One row of the page's component list, as the editor holds it (display name and group as typed). */
export type ComponentDraft = {
  type: "cron_monitor" | "service";
  id: number;
  name: string;
  display_name: string;
  group: string;
};
export type Candidate = { type: ComponentDraft["type"]; id: number; name: string };

const keyOf = (c: { type: string; id: number }) => `${c.type}:${c.id}`;
const TYPE_WORDS = { cron_monitor: "Cron monitor", service: "Service" } as const;

/**
 * The components of a status page in display order: add a cron monitor or service of the organization,
 * give it a public name and a group, move it up or down (buttons, so the keyboard reorders too), remove it.
 */
export function ComponentsEditor(props: {
  value: ComponentDraft[];
  onChange: (v: ComponentDraft[]) => void;
  monitors: Candidate[];
  services: Candidate[];
  errors: Record<string, string>;
}) {
  const { value, onChange } = props;
  const pickerId = useId();
  const groupsId = useId();
  const [picked, setPicked] = useState("");
  const [announce, setAnnounce] = useState("");
  const taken = new Set(value.map(keyOf));
  const free = (list: Candidate[]) => list.filter((c) => !taken.has(keyOf(c)));
  const groups = [...new Set(value.map((c) => c.group.trim()).filter(Boolean))];
  const all = [...props.monitors, ...props.services];

  const add = () => {
    const c = all.find((x) => keyOf(x) === picked);
    if (!c) return;
    onChange([...value, { ...c, display_name: "", group: "" }]);
    setPicked("");
    setAnnounce(`${c.name} added at position ${value.length + 1}.`);
  };
  const edit = (i: number, change: Partial<ComponentDraft>) =>
    onChange(value.map((c, j) => (j === i ? { ...c, ...change } : c)));
  const move = (i: number, step: -1 | 1) => {
    onChange(moved(value, i, step));
    setAnnounce(`${value[i]!.name} moved to position ${i + step + 1} of ${value.length}.`);
  };
  const remove = (i: number) => {
    onChange(value.filter((_, j) => j !== i));
    setAnnounce(`${value[i]!.name} removed.`);
  };

  return (
    <fieldset className="stack" data-testid="components-editor">
      <legend>Components</legend>
      <p className="muted small-text">
        Shown in this order. Components with the same group name are shown under that heading; groups appear in the
        order of their first component.
      </p>
      <div className="row wrap" style={{ alignItems: "flex-end" }}>
        <div className="field">
          <label htmlFor={pickerId}>Cron monitor or service</label>
          <select id={pickerId} value={picked} onChange={(e) => setPicked(e.target.value)}>
            <option value="">Choose one…</option>
            {free(props.monitors).length > 0 && (
              <optgroup label="Cron monitors">
                {free(props.monitors).map((c) => (
                  <option key={keyOf(c)} value={keyOf(c)}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            )}
            {free(props.services).length > 0 && (
              <optgroup label="Services">
                {free(props.services).map((c) => (
                  <option key={keyOf(c)} value={keyOf(c)}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
        <button type="button" className="secondary" disabled={!picked} onClick={add}>
          Add component
        </button>
      </div>
      {props.errors.components && (
        <p className="error" role="alert">
          {props.errors.components}
        </p>
      )}
      {value.length === 0 ? (
        <p className="muted">No components yet: the page shows only its title and description.</p>
      ) : (
        <ol className="monitor-list" aria-label="Components in display order">
          {value.map((c, i) => (
            <li key={keyOf(c)} className="card stack" data-testid="component-row" data-component={keyOf(c)}>
              <div className="row between wrap">
                <strong>
                  {i + 1}. {c.name} <span className="muted small-text">({TYPE_WORDS[c.type]})</span>
                </strong>
                <div className="row tight wrap" role="group" aria-label={`Order of ${c.name}`}>
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`Move ${c.name} up`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`Move ${c.name} down`}
                    disabled={i === value.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    className="danger-outline small"
                    aria-label={`Remove ${c.name}`}
                    onClick={() => remove(i)}
                  >
                    Remove
                  </button>
                </div>
              </div>
              <div className="filters">
                <label>
                  Public name (optional)
                  <input
                    value={c.display_name}
                    placeholder={c.name}
                    onChange={(e) => edit(i, { display_name: e.target.value })}
                    aria-invalid={props.errors[`components.${i}.display_name`] ? true : undefined}
                  />
                </label>
                <label>
                  Group (optional)
                  <input
                    value={c.group}
                    list={groupsId}
                    onChange={(e) => edit(i, { group: e.target.value })}
                    aria-invalid={props.errors[`components.${i}.group`] ? true : undefined}
                  />
                </label>
              </div>
              {[props.errors[`components.${i}.display_name`], props.errors[`components.${i}.group`]]
                .filter(Boolean)
                .map((m) => (
                  <p key={m} className="error" role="alert">
                    {m}
                  </p>
                ))}
            </li>
          ))}
        </ol>
      )}
      <datalist id={groupsId}>
        {groups.map((g) => (
          <option key={g} value={g} />
        ))}
      </datalist>
      <p role="status" className="visually-hidden">
        {announce}
      </p>
    </fieldset>
  );
}
