import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { recordServerLog } from "./issued-secrets";
import { freePort } from "./ports";

export type RunningLifeline = {
  baseUrl: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  smtpUrl: string;
  child: ChildProcess;
  /** The output so far of the servers on this DATA_DIR. */
  log: () => string;
  stop: () => Promise<void>;
};
export type Lifeline = RunningLifeline;

/**
 * Starts Lifeline exactly as `npm start` does (`node scripts/start.mjs`, reusing the build the test
 * command made) on a free port, and waits for /api/v1/health. `env` goes on top of the test
 * defaults; a value of `undefined` removes a variable. `env.DATABASE_URL` picks PostgreSQL; without
 * it the server uses the SQLite file in its DATA_DIR (`env.DATA_DIR` or `opts.dataDir` to share one
 * with another process; otherwise a fresh one). Private outbound targets stay refused, as in
 * production, unless `env.OUTBOUND_ALLOW_PRIVATE` says otherwise; the embedded platform probe runs
 * only with `env.PROBE_EMBEDDED: "true"`. `env.PORT` picks the port (a free one otherwise), e.g. for an
 * APP_URL on `localhost`. `args` go to scripts/serve.ts.
 */
export async function startLifeline(
  env: Record<string, string | undefined> = {},
  opts: { dataDir?: string; args?: string[] } = {},
): Promise<RunningLifeline> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = opts.dataDir ?? env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-test-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server's embedded sweeper delivers notifications too: it gets the SMTP server that email
  // tests start on this port, and short retry waits, exactly like the sweepers the tests spawn.
  // It sweeps once at start and then hourly, and does not wake at deadlines (SWEEP_WAKE_MAX_SECONDS=0):
  // tests stage rows and sweep explicitly (with --now), and a background sweep landing in between
  // would take the work from them. Tests of the live loop start sweepers of their own.
  const smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
  const logFile = path.join(dataDir, "server.log");
  const log = fs.openSync(logFile, "a");
  recordServerLog(logFile);
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    NODE_ENV: "test",
    PING_HOST: "ping.lifeline.test",
    SMTP_URL: smtpUrl,
    DELIVERY_BACKOFF_MS: "300",
    SWEEP_INTERVAL_SECONDS: "3600",
    SWEEP_WAKE_MAX_SECONDS: "0",
    OUTBOUND_ALLOW_PRIVATE: undefined,
    // No embedded platform probe unless a test asks for one: it would check every service the
    // suite creates, and tests send traffic to loopback only (probe tests create loopback targets).
    PROBE_EMBEDDED: "false",
    ...env,
  };
  for (const [k, v] of Object.entries(childEnv)) if (v === undefined) delete childEnv[k];
  const child = spawn(process.execPath, ["scripts/start.mjs", ...(opts.args ?? [])], {
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", log, log],
    detached: true,
  });
  fs.closeSync(log);
  const readLog = () => fs.readFileSync(logFile, "utf8");
  await waitForHealth(child, `${baseUrl}/api/v1/health`, readLog);
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    }
  };
  const databaseUrl = env.DATABASE_URL ?? `file:${path.join(dataDir, "lifeline.db")}`;
  return { baseUrl, port, dataDir, databaseUrl, smtpUrl, child, log: readLog, stop };
}

async function waitForHealth(child: ChildProcess, url: string, readLog: () => string) {
  const deadline = Date.now() + 420_000; // a first start may build the web app on a busy machine
  let failingSince: number | null = null; // a server that answers, but only with errors, fails fast
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const status = (await fetch(url)).status;
      if (status === 200) return;
      failingSince ??= Date.now();
      if (Date.now() - failingSince > 20_000) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  throw new Error(`Lifeline did not become healthy at ${url}:\n${readLog().slice(-3000)}`);
}
