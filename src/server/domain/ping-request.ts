/**
 * The five ping forms of spec 4.2: `<token>`, `<token>/start`, `<token>/fail`, `<token>/log` and
 * `<token>/<0-255>`. Anything else is a bad form (400), checked before the token (decisions 2).
 */
export type PingKind = "success" | "start" | "fail" | "log";
export type PingForm = { token: string; kind: PingKind; exitCode: number | null };

export const PING_FORMS_TEXT =
  "Accepted ping forms: /ping/<token> (also /api/v1/ping/<token>, or /<token> on the ping host), alone or followed by /start, /fail, /log or /<exit code 0-255>";

export function parsePingPath(path: string): PingForm | null {
  const parts = path.replace(/^\/+/, "").split("/");
  if (parts.length > 2 || !parts[0]) return null;
  const [token, suffix] = parts as [string, string | undefined];
  if (suffix === undefined) return { token, kind: "success", exitCode: null };
  if (suffix === "start" || suffix === "fail" || suffix === "log") return { token, kind: suffix, exitCode: null };
  if (/^(0|[1-9]\d{0,2})$/.test(suffix)) {
    const code = Number(suffix);
    if (code <= 255) return { token, kind: code === 0 ? "success" : "fail", exitCode: code };
  }
  return null;
}

/** A ping token is 43 url-safe characters; anything else can never match one (a plain 404). */
export function isPlausibleToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
