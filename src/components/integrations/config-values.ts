import { secretFieldsOf } from "../../shared/integration-secrets";
import type { IntegrationKind } from "../../shared/schemas/integrations";
import { kindOf, type Column } from "../../shared/notification-kinds";
import type { KindField } from "../../shared/notification-kinds/kind";

/** What the form knows of a stored integration (the API's answer: credentials masked). */
export type StoredIntegration = {
  url: string | null;
  email: string | null;
  secret?: string;
  config: Record<string, unknown>;
};

/** The kind's settings as the API's input takes them: webhook, slack and email top-level, the rest in `config`. */
export type KindSubmission = { url?: string; email?: string; secret?: string; config?: Record<string, unknown> };

export const isSecretField = (kind: IntegrationKind, name: string) => secretFieldsOf(kind).includes(name);

/** The key the server's validation errors use for the field (`url`, or `config.<field>`). */
export const errorKeyOf = (f: KindField) => (f.top ? f.name : `config.${f.name}`);

/** The stored value as the answer shows it (a credential: its mask), as text. */
export function storedText(f: KindField, stored: StoredIntegration): string {
  const v = f.top ? stored[f.name as Column] : stored.config[f.name];
  return typeof v === "string" || typeof v === "number" ? String(v) : "";
}

/**
 * The form's starting values: empty for a new integration (a select starts at its first option);
 * on edit, the stored values, and empty for every credential (the field replaces it when typed).
 */
export function initialValues(kind: IntegrationKind, stored?: StoredIntegration): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of kindOf(kind).form.fields) {
    if (stored && isSecretField(kind, f.name)) values[f.name] = "";
    else values[f.name] = (stored ? storedText(f, stored) : "") || (f.options?.[0]?.value ?? "");
  }
  return values;
}

/**
 * What to send. New: every filled field (an empty one is left out; the server says when it is needed).
 * Edit (a PATCH merges): only what changed; a credential left empty keeps the stored one, an
 * optional setting emptied is removed (`null`).
 */
export function kindSubmission(
  kind: IntegrationKind,
  values: Record<string, string>,
  stored?: StoredIntegration,
): KindSubmission {
  const out: KindSubmission = {};
  const config: Record<string, unknown> = {};
  for (const f of kindOf(kind).form.fields) {
    const raw = f.input === "textarea" ? (values[f.name] ?? "") : (values[f.name] ?? "").trim();
    if (stored && (isSecretField(kind, f.name) ? raw === "" : raw === storedText(f, stored))) continue;
    if (!stored && raw === "") continue;
    const value = raw === "" ? null : f.input === "number" ? Number(raw) : raw;
    if (!f.top) config[f.name] = value;
    else if (value !== null) (out as Record<string, unknown>)[f.name] = value;
  }
  if (Object.keys(config).length > 0) out.config = config;
  return out;
}

/** What the integration's row shows as its target: URL or address, or the kind's telling settings. */
export function targetText(kind: IntegrationKind, stored: StoredIntegration): string {
  if (stored.url ?? stored.email) return (stored.url ?? stored.email)!;
  const shown = (kindOf(kind).form.summary ?? [])
    .map((name) => stored.config[name])
    .filter((v) => typeof v === "string" || typeof v === "number");
  return shown.join(" · ");
}
