import { kindOf, NOTIFICATION_KINDS, type IntegrationKind } from "./notification-kinds";

/**
 * Integration credentials are write-only: every answer (REST, the dashboard's tRPC, any page) shows
 * them masked, to every role. One rule for every kind: a kind declares its secret fields in its own
 * file (src/shared/notification-kinds/<kind>.ts, `secrets`) and `maskSecrets` does the rest. For
 * webhook, slack and email the fields are top-level (and the same names inside `config`); for every
 * other kind they are `config` fields.
 */
export const SECRET_FIELDS = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k.kind, k.secrets])) as Record<
  IntegrationKind,
  readonly string[]
>;

export type SecretField = string;

/** The mask's placeholder for the hidden part. */
export const MASK = "****";

/** The last characters shown, only when at least this many more stay hidden. */
const TAIL = 4;
const MIN_HIDDEN = 12;

/**
 * The masked form of a credential:
 * - a URL keeps its scheme and host (with port, without user info) and the last 4 characters:
 *   `https://hooks.slack.com/…/****CRET`;
 * - any other value keeps its last 4 characters: `****f3Qa`.
 * The tail is dropped (`https://host/…/****`, `****`) when fewer than 12 characters would stay hidden.
 */
export function maskSecret(value: string): string {
  const url = parseUrl(value);
  const hiddenPart = url ? value.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "") : value; // after the authority
  const tail = hiddenPart.length - TAIL >= MIN_HIDDEN ? value.slice(-TAIL) : "";
  return url ? `${url.protocol}//${url.host}/…/${MASK}${tail}` : `${MASK}${tail}`;
}

export function secretFieldsOf(kind: IntegrationKind): readonly SecretField[] {
  return kindOf(kind).secrets;
}

/** The fields with each of the kind's secret fields masked (null stays null). */
export function maskSecrets<T extends Record<string, unknown>>(kind: IntegrationKind, fields: T): T {
  const masked: T = { ...fields };
  for (const f of secretFieldsOf(kind)) {
    const v = fields[f];
    if (typeof v === "string") (masked as Record<string, unknown>)[f] = maskSecret(v);
  }
  return masked;
}

/**
 * Whether a value sent for a secret field is the mask of the stored value: a client that sends back
 * what it read (a PATCH of the whole object) keeps the stored credential instead of storing the mask.
 */
export function isMaskOf(sent: string, stored: string | null): boolean {
  return stored !== null && sent === maskSecret(stored);
}

function parseUrl(value: string): URL | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
