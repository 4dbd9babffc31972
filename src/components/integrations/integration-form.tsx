"use client";

import { useState, type FormEvent } from "react";
import { DEFAULT_EVENTS, type RoutedEvent } from "../../shared/integration-events";
import { INTEGRATION_KINDS, type IntegrationKind } from "../../shared/schemas/integrations";
import { errorText, fieldErrors } from "../common/errors";
import { Field } from "../monitors/fields";
import { kindOf } from "../../shared/notification-kinds";
import {
  errorKeyOf,
  initialValues,
  kindSubmission,
  type KindSubmission,
  type StoredIntegration,
} from "./config-values";
import { EventsPicker } from "./events-picker";
import { KindFields } from "./kind-fields";
import { SubmitButton } from "../common/submit-button";

export type IntegrationValues = KindSubmission & {
  name: string;
  kind: IntegrationKind;
  is_default: boolean;
  events: RoutedEvent[];
};
type Initial = StoredIntegration & { name: string; kind: IntegrationKind; is_default: boolean; events: RoutedEvent[] };

/**
 * Create (kind chosen here) or edit (kind fixed) an integration: the kind's own fields (its file in src/shared/notification-kinds/),
 * the events it receives, default or not. Server errors land beside their field (`config.<field>`).
 * Credentials are write-only: editing shows their mask and an empty field to replace them (left
 * empty, the stored one stays, and nothing of it is sent).
 */
export function IntegrationForm(props: {
  initial?: Initial;
  submitLabel: string;
  onSubmit: (v: IntegrationValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const init = props.initial;
  const [v, setV] = useState({
    name: init?.name ?? "",
    kind: init?.kind ?? INTEGRATION_KINDS[0],
    isDefault: init?.is_default ?? false,
    events: init?.events ?? [...DEFAULT_EVENTS],
  });
  const [values, setValues] = useState(() => initialValues(v.kind, init));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (c: Partial<typeof v>) => setV((x) => ({ ...x, ...c }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await props.onSubmit({
        name: v.name,
        kind: v.kind,
        is_default: v.isDefault,
        events: v.events,
        ...kindSubmission(v.kind, values, init),
      });
    } catch (err) {
      const byField = fieldErrors(err);
      const shown = new Set(["name", "kind", ...kindOf(v.kind).form.fields.map(errorKeyOf)]);
      const events = Object.entries(byField).find(([k]) => k === "events" || k.startsWith("events."));
      if (events) byField.events = events[1];
      const elsewhere = Object.entries(byField).filter(([k]) => !shown.has(k) && !k.startsWith("events"));
      setErrors(byField);
      setFormError(
        elsewhere.length
          ? `Not saved: ${elsewhere.map(([, m]) => m).join(" ")}`
          : Object.keys(byField).length
            ? "Not saved: check the fields marked below."
            : `Not saved: ${errorText(err)}`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={submit} aria-label={props.submitLabel} noValidate>
      <div className="filters">
        <Field label="Name" error={errors.name}>
          {({ id, describedBy }) => (
            <input
              id={id}
              value={v.name}
              required
              maxLength={128}
              aria-describedby={describedBy}
              aria-invalid={errors.name ? true : undefined}
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </Field>
        <Field
          label="Kind"
          error={errors.kind}
          hint={init ? "The kind cannot change; delete and add again instead." : undefined}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              value={v.kind}
              disabled={Boolean(init)}
              aria-describedby={describedBy}
              onChange={(e) => {
                const kind = e.target.value as IntegrationKind;
                set({ kind });
                setValues(initialValues(kind));
                setErrors({});
              }}
            >
              {INTEGRATION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {kindOf(k).label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <KindFields
        kind={v.kind}
        values={values}
        errors={errors}
        stored={init}
        onChange={(name, value) => setValues((x) => ({ ...x, [name]: value }))}
      />
      <EventsPicker value={v.events} error={errors.events} onChange={(events) => set({ events })} />
      <label className="check">
        <input type="checkbox" checked={v.isDefault} onChange={(e) => set({ isDefault: e.target.checked })} />
        Default: notify it for monitors that choose no integration
      </label>
      {formError && (
        <p className="error" role="alert">
          {formError}
        </p>
      )}
      <div className="row wrap">
        <SubmitButton disabled={busy}>{busy ? "Saving…" : props.submitLabel}</SubmitButton>
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
