"use client";

import { useState, type FormEvent } from "react";
import { DEFAULT_PROJECT_COLOR } from "../../shared/vocabulary";
import { fieldErrors, errorText } from "../common/errors";
import { Field } from "../monitors/fields";
import { PROJECT_ICONS } from "./icons";
import { SubmitButton } from "../common/submit-button";

export type ProjectValues = { name: string; description: string; color: string; icon: string };

/** Create or edit a project: name, description, colour picker and icon. */
export function ProjectForm(props: {
  initial?: ProjectValues;
  submitLabel: string;
  onSubmit: (values: ProjectValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState<ProjectValues>(
    props.initial ?? { name: "", description: "", color: DEFAULT_PROJECT_COLOR, icon: "folder" },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<ProjectValues>) => setValues((v) => ({ ...v, ...changes }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await props.onSubmit(values);
      if (!props.initial) setValues({ name: "", description: "", color: values.color, icon: values.icon });
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={submit} aria-label={props.submitLabel}>
      <div className="filters">
        <Field label="Name" error={errors.name}>
          {({ id, describedBy }) => (
            <input
              id={id}
              value={values.name}
              maxLength={128}
              aria-describedby={describedBy}
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </Field>
        <Field label="Description" error={errors.description}>
          {({ id, describedBy }) => (
            <input
              id={id}
              value={values.description}
              maxLength={500}
              aria-describedby={describedBy}
              onChange={(e) => set({ description: e.target.value })}
            />
          )}
        </Field>
        <Field label="Colour" error={errors.color}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="color"
              value={values.color.toLowerCase()}
              aria-describedby={describedBy}
              onChange={(e) => set({ color: e.target.value.toUpperCase() })}
            />
          )}
        </Field>
        <Field label="Icon" error={errors.icon}>
          {({ id }) => (
            <select
              id={id}
              value={values.icon in PROJECT_ICONS ? values.icon : "folder"}
              onChange={(e) => set({ icon: e.target.value })}
            >
              {Object.entries(PROJECT_ICONS).map(([key, i]) => (
                <option key={key} value={key}>
                  {i.glyph} {i.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {formError && (
        <p className="error" role="alert">
          {formError}
        </p>
      )}
      <div className="row">
        <SubmitButton disabled={busy}>{props.submitLabel}</SubmitButton>
        {props.onCancel && (
          <button type="button" className="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
