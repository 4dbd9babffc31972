import fs from "node:fs";
import path from "node:path";

/**
 * The whole-run "no secret in a log" check (issue 27). During an integration run every credential
 * the tests are handed or hand over (access and refresh tokens, service, ping and probe tokens,
 * integration secrets) is recorded in `issued-secrets.txt` in the shared server's DATA_DIR, and every
 * Lifeline server the run starts lists its log file in `server-logs.txt` there. The global teardown
 * (global-setup.ts, global-setup-pg.ts) greps every listed log for every recorded secret and fails
 * the run when one is found.
 */
export const RUN_DIR_ENV = "LIFELINE_TEST_RUN_DIR";
const SECRETS_FILE = "issued-secrets.txt";
const LOGS_FILE = "server-logs.txt";

/** Fields whose string values are credentials, in answers (issued) and in accepted request bodies (handed over). */
const SECRET_FIELDS = new Set([
  "access",
  "refresh",
  "token",
  "ping_token",
  "secret",
  "bot_token",
  "routing_key",
  "app_token",
  "user_key",
  "challenge",
]);
/** Shorter values are not credentials Lifeline issues (and would match unrelated log text). */
const MIN_SECRET_LENGTH = 16;

/** Fields holding a URL whose user info and query values may be credentials (an integration's server or API root). */
const URL_FIELDS = new Set(["url", "api_url", "homeserver_url", "otpauth_uri"]);

/** The credentials inside a URL: its password and its query values. */
function urlCredentials(value: string): string[] {
  try {
    const url = new URL(value);
    return [decodeURIComponent(url.password), ...url.searchParams.values()];
  } catch {
    return [];
  }
}

const isCredential = (v: string) => v.length >= MIN_SECRET_LENGTH && !/\s/.test(v);

/** The credential strings inside a JSON value (any depth), by field name. */
export function secretsIn(value: unknown, found: string[] = [], depth = 0): string[] {
  if (depth > 8 || value === null || typeof value !== "object") return found;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === "string" && SECRET_FIELDS.has(k) && isCredential(v)) found.push(v);
    else if (typeof v === "string" && URL_FIELDS.has(k)) found.push(...urlCredentials(v).filter(isCredential));
    else secretsIn(v, found, depth + 1);
  }
  return found;
}

/**
 * Set by the global setup in the main process, inherited by the test workers it forks afterwards.
 * (This module never imports vitest: the global setup cannot.) One integration project per vitest
 * command, as `npm test` runs them.
 */
const runDir = () => process.env[RUN_DIR_ENV];

/** Records the credentials of one exchange (the request's only when it was accepted). Outside a run, nothing. */
export function recordIssued(status: number, requestBody: unknown, answerBody: unknown): void {
  const dir = runDir();
  if (!dir) return;
  const secrets = secretsIn(answerBody);
  if (status >= 200 && status < 300) secretsIn(requestBody, secrets);
  if (secrets.length) fs.appendFileSync(path.join(dir, SECRETS_FILE), secrets.map((s) => `${s}\n`).join(""));
}

/** Lists a server's log file for the teardown's check. */
export function recordServerLog(logFile: string): void {
  const dir = runDir();
  if (dir) fs.appendFileSync(path.join(dir, LOGS_FILE), `${logFile}\n`);
}

const readLines = (file: string) =>
  fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : [];

/** The secrets found in the logs: one `{ log, secret }` per hit (a secret shown by its first 6 characters only). */
export function leakedSecrets(
  logs: { file: string; text: string }[],
  secrets: string[],
): { log: string; secret: string }[] {
  const unique = [...new Set(secrets)];
  return logs.flatMap(({ file, text }) =>
    unique.filter((s) => text.includes(s)).map((s) => ({ log: file, secret: `${s.slice(0, 6)}…` })),
  );
}

/** The global teardown's check over the run directory `dir`: throws when any listed log holds any recorded secret. */
export function auditRun(dir: string): { logs: number; secrets: number } {
  const files = [...new Set(readLines(path.join(dir, LOGS_FILE)))].filter((f) => fs.existsSync(f));
  const secrets = readLines(path.join(dir, SECRETS_FILE));
  const leaks = leakedSecrets(
    files.map((file) => ({ file, text: fs.readFileSync(file, "utf8") })),
    secrets,
  );
  if (leaks.length) {
    throw new Error(
      `A credential issued during the run is in a server log (${leaks.length}): ${leaks
        .slice(0, 10)
        .map((l) => `${l.secret} in ${l.log}`)
        .join(", ")}`,
    );
  }
  return { logs: files.length, secrets: new Set(secrets).size };
}

/** The global teardown's use of `auditRun`: a leak is printed and fails the run (exit code 1) without cutting the teardown short. */
export function failRunOnLeak(dir: string): void {
  try {
    const { logs, secrets } = auditRun(dir);
    console.log(`no credential in the server logs: ${secrets} credentials checked against ${logs} logs`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  }
}
