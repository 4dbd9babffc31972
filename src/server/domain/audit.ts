import { PLAN_NAMES, planOf } from "../../shared/plans";

/**
 * What an audit entry holds (docs/api-audit-log.md): the changed fields of a request with every
 * secret taken out. A field whose name says it is a secret is recorded as changed, never its value;
 * a URL keeps no credentials (its user and password, and the values of query parameters that look
 * like credentials, become [redacted]); header values are secrets. Pure: no clock, no storage.
 */

export const CHANGED = "[changed]";
export const REDACTED = "[redacted]";
const MAX_TEXT = 300;
const MAX_DEPTH = 4;

/** Field names whose values are secrets wherever they appear. */
const SECRET_NAME =
  /(secret|password|passwd|token|api[-_]?key|private[-_]?key|credential|authorization|auth[-_]?header|cookie|signing|recovery|^code$|^otp|webhook[-_]?key|^key$|bearer|session|dsn|headers?$)/i;
/** Query parameter names whose values are credentials. */
const SECRET_PARAM = /(token|key|secret|sig|signature|pass|password|auth|code|credential|session|access)/i;
/** Path parameters (they name the object, they are not a change). */
const PATH_PARAMS = new Set(["id", "slug", "user_id", "rid"]);

/** A URL with its credentials taken out; a text that is not a URL as it is. */
export function scrubUrl(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not parseable, but shaped like one: keep only what precedes any user information.
    return text.replace(/\/\/[^/@]*@/, `//${REDACTED}@`);
  }
  if (url.username || url.password) {
    url.username = REDACTED;
    url.password = "";
  }
  for (const name of [...url.searchParams.keys()]) {
    if (SECRET_PARAM.test(name)) url.searchParams.set(name, REDACTED);
  }
  // Slack-style webhook paths are the credential itself.
  if (/hooks\.slack\.com|discord(app)?\.com\/api\/webhooks/i.test(url.host + url.pathname))
    url.pathname = `/${REDACTED}`;
  return url.toString();
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === "string") {
    const clean = scrubUrl(value);
    return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT)}…` : clean;
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_NAME.test(k) ? (v === null || v === undefined || v === "" ? v : CHANGED) : scrub(v, depth + 1);
  }
  return out;
}

/** The changed fields of a request's input: path parameters left out, secrets taken out. */
export function auditChanges(input: unknown): Record<string, unknown> {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return {};
  const fields = Object.fromEntries(Object.entries(input).filter(([k, v]) => !PATH_PARAMS.has(k) && v !== undefined));
  return scrub(fields, 0) as Record<string, unknown>;
}

/**
 * The object a REST route changes, from its path: the last resource segment, leaving out `orgs`
 * and a trailing verb after an id (`/cron-monitors/{id}/pause` is a cron-monitors change).
 */
export function auditObjectType(path: string): string {
  if (path.startsWith("/auth/two-factor")) return "two-factor";
  if (path.startsWith("/auth/") || path.startsWith("/users/")) return "account";
  const segments = path.split("/").filter(Boolean);
  const statics: string[] = [];
  segments.forEach((s, i) => {
    if (s.startsWith("{") || (s === "orgs" && i === 0)) return;
    const afterParam = i > 0 && segments[i - 1]!.startsWith("{");
    if (afterParam && i === segments.length - 1 && statics.length > 0) return; // a verb
    statics.push(s);
  });
  return statics.at(-1) ?? "organization";
}

/** What a sign-in entry records of the user's method. */
export type SignInMethod = "password" | "second_factor" | "sso";

/** The oldest instant an organization of this plan keeps (its plan's audit retention, plans.ts). */
export const auditCutoff = (plan: string, now: Date) =>
  new Date(now.getTime() - planOf(plan).auditRetentionDays * 86_400_000);

/**
 * What the audit log keeps at `now`, per plan: entries of organizations on `plans` (or, `except`, on
 * any other: the default plan's, which an unknown plan name falls back to) older than `cutoff` go.
 */
export function auditRetention(now: Date): { plans: string[]; except: boolean; cutoff: Date }[] {
  const named = PLAN_NAMES.filter((p) => p !== "free");
  return [
    ...named.map((plan) => ({ plans: [plan], except: false, cutoff: auditCutoff(plan, now) })),
    { plans: named, except: true, cutoff: auditCutoff("free", now) },
  ];
}
