/**
 * Request paths as they may be logged: a path segment that is a credential (a ping token, an email
 * confirmation token, a badge key) becomes `[redacted]`, everything else stays, so a log line still
 * says which endpoint failed. Covers `/ping/<token>[/<suffix>]` on the web app and under
 * `/api/v1`, `/confirm-email/<token>` and `/badge/<key>[.svg|.json][/shields]`.
 */
const TOKEN_PATHS = /^((?:\/api\/v1)?\/ping\/|\/confirm-email\/|\/badge\/)[^/]+/;

export const REDACTED = "[redacted]";

export function redactPath(path: string): string {
  return path.replace(TOKEN_PATHS, `$1${REDACTED}`);
}
