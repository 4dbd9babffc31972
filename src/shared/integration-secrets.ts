import { kindOf, NOTIFICATION_KINDS, urlFieldsOf, type IntegrationKind } from "./notification-kinds";

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

/**
 * The kind's URL fields that are not secrets as a whole (ntfy's and Gotify's server, Matrix's
 * homeserver, the `api_url` of Telegram, PagerDuty, Opsgenie and Pushover): answers show them with
 * the credentials inside masked (`maskUrlCredentials`).
 */
export function urlCredentialFieldsOf(kind: IntegrationKind): readonly string[] {
  const secrets = secretFieldsOf(kind);
  return urlFieldsOf(kind).filter((f) => !secrets.includes(f));
}

/**
 * A URL with the credentials it may carry masked, the rest as stored: the user info
 * (`https://user:password@host` → `https://****@host`), every query value (`?token=abc&x` →
 * `?token=****&****`) and the fragment (`#****`). A URL without any of them is answered unchanged.
 */
export function maskUrlCredentials(value: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)(?:([^/?#]*)@)?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/is.exec(value);
  if (!m) return value;
  const [, scheme, userinfo, rest, query, fragment] = m;
  const maskedQuery =
    query === undefined
      ? ""
      : `?${query
          .split("&")
          .map((part) => {
            const eq = part.indexOf("=");
            if (eq < 0) return part === "" ? part : MASK;
            return `${part.slice(0, eq)}=${part.length > eq + 1 ? MASK : ""}`;
          })
          .join("&")}`;
  return `${scheme}${userinfo !== undefined ? `${MASK}@` : ""}${rest}${maskedQuery}${fragment ? `#${MASK}` : fragment === "" ? "#" : ""}`;
}

/** The fields with each of the kind's secret fields masked, and the credentials inside its URL fields (null stays null). */
export function maskSecrets<T extends Record<string, unknown>>(kind: IntegrationKind, fields: T): T {
  const masked: T = { ...fields };
  for (const f of secretFieldsOf(kind)) {
    const v = fields[f];
    if (typeof v === "string") (masked as Record<string, unknown>)[f] = maskSecret(v);
  }
  for (const f of urlCredentialFieldsOf(kind)) {
    const v = fields[f];
    if (typeof v === "string") (masked as Record<string, unknown>)[f] = maskUrlCredentials(v);
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

/** The same for a URL field: the URL sent back with its credentials masked keeps the stored one. */
export function isUrlMaskOf(sent: string, stored: string | null): boolean {
  return stored !== null && sent === maskUrlCredentials(stored);
}

function parseUrl(value: string): URL | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
