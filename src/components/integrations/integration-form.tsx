"use client";

import { useState, type FormEvent } from "react";
import { secretFieldsOf } from "../../shared/integration-secrets";
import { INTEGRATION_KINDS, type IntegrationKind } from "../../shared/schemas/integrations";
import { errorText, fieldErrors } from "../common/errors";
import { Field } from "../monitors/fields";
import { KIND_LOOK } from "./kinds";

export type IntegrationValues = { name: string; kind: IntegrationKind; url?: string; email?: string; secret?: string; is_default: boolean; config?: { url: string } };
type Initial = { name: string; kind: IntegrationKind; url: string | null; email: string | null; secret?: string; is_default: boolean; config?: Record<string, unknown> };

/**
 * Create (kind chosen here) or edit (kind fixed) an integration; server errors land on their field.
 * Credentials are write-only: editing shows their mask and an empty field to replace them (left
 * empty, the stored one stays).
 */
export function IntegrationForm(props: { initial?: Initial; submitLabel: string; onSubmit: (v: IntegrationValues) => Promise<unknown>; onCancel: () => void }) {
  const init = props.initial;
  const [v, setV] = useState({
    name: init?.name ?? "", kind: init?.kind ?? ("webhook" as IntegrationKind), target: init?.email ?? "", secret: "", isDefault: init?.is_default ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (c: Partial<typeof v>) => setV((x) => ({ ...x, ...c }));
  const look = KIND_LOOK[v.kind];
  const targetIsSecret = (secretFieldsOf(v.kind) as readonly string[]).includes(look.target);
  const replacing = Boolean(init) && targetIsSecret; // the stored value shows masked; an empty field keeps it

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const target = v.target.trim();
      const secret = v.secret.trim();
      await props.onSubmit({
        name: v.name, kind: v.kind, is_default: v.isDefault,
        // Editing sends the target only when it changed (an unchanged email address is not asked again).
        ...((target || !replacing) && target !== (init?.email ?? null) ? (look.inConfig ? { config: { url: target } } : { [look.target]: target }) : {}),
        ...(secret ? { secret } : {}),
      });
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(byField);
      setFormError(Object.keys(byField).length ? "Not saved: check the fields marked below." : `Not saved: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={submit} aria-label={props.submitLabel} noValidate>
      <div className="filters">
        <Field label="Name" error={errors.name}>
          {({ id, describedBy }) => <input id={id} value={v.name} required maxLength={128} aria-describedby={describedBy} aria-invalid={errors.name ? true : undefined} onChange={(e) => set({ name: e.target.value })} />}
        </Field>
        <Field label="Kind" error={errors.kind} hint={init ? "The kind cannot change; delete and add again instead." : undefined}>
          {({ id, describedBy }) => (
            <select id={id} value={v.kind} disabled={Boolean(init)} aria-describedby={describedBy} onChange={(e) => set({ kind: e.target.value as IntegrationKind, target: "" })}>
              {INTEGRATION_KINDS.filter((k) => !KIND_LOOK[k].apiOnly || k === v.kind).map((k) => <option key={k} value={k}>{KIND_LOOK[k].label}</option>)}
            </select>
          )}
        </Field>
      </div>
      <Field
        label={replacing ? look.replaceLabel : look.targetLabel}
        error={errors[look.inConfig ? "config.url" : look.target]}
        hint={replacing ? `Now: ${(look.inConfig ? init?.config?.url : init?.url) ?? "none"} (hidden: it is a credential). Leave empty to keep it.` : v.kind === "email" ? "A confirmation mail goes to a new address; nothing else is sent until its recipient confirms." : look.help}
      >
        {({ id, describedBy }) => (
          <input id={id} type={look.target === "email" ? "email" : "url"} value={v.target} required={!replacing} placeholder={look.placeholder} spellCheck={false} autoComplete="off" aria-describedby={describedBy} aria-invalid={errors[look.inConfig ? "config.url" : look.target] ? true : undefined} onChange={(e) => set({ target: e.target.value })} />
        )}
      </Field>
      {init && v.kind === "webhook" && (
        <Field label="New signing secret" error={errors.secret} hint={`Now: ${init.secret ?? "none"}. Leave empty to keep it; at least 16 characters.`}>
          {({ id, describedBy }) => (
            <input id={id} type="password" value={v.secret} autoComplete="new-password" spellCheck={false} aria-describedby={describedBy} aria-invalid={errors.secret ? true : undefined} onChange={(e) => set({ secret: e.target.value })} />
          )}
        </Field>
      )}
      <label className="check">
        <input type="checkbox" checked={v.isDefault} onChange={(e) => set({ isDefault: e.target.checked })} />
        Default: notify it for monitors that choose no integration
      </label>
      {v.kind === "webhook" && !init && <p className="muted small-text">Each POST is signed: X-Signature: sha256=HMAC of the body with a secret shown once after saving.</p>}
      {formError && <p className="error" role="alert">{formError}</p>}
      <div className="row wrap">
        <button type="submit" disabled={busy}>{busy ? "Saving…" : props.submitLabel}</button>
        <button type="button" className="secondary" onClick={props.onCancel}>Cancel</button>
      </div>
    </form>
  );
}
