import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";

export type RunningLifeline = {
  baseUrl: string;
  dataDir: string;
  databaseUrl: string;
  smtpUrl: string;
  child: ChildProcess;
  stop: () => Promise<void>;
};

/**
 * Starts Lifeline exactly as `npm start` does (`node scripts/start.mjs`) on a free port with a fresh
 * DATA_DIR, and waits for /api/v1/health. `env.DATABASE_URL` picks PostgreSQL; without it the server
 * creates its SQLite file in the DATA_DIR. `args` go to scripts/serve.ts (e.g. `--web-only`).
 */
export async function startLifeline(env: Record<string, string>, opts: { dataDir?: string; args?: string[] } = {}): Promise<RunningLifeline> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-test-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server's embedded sweeper delivers notifications too: it gets the SMTP server that email
  // tests start on this port, and short retry waits, exactly like the sweepers the tests spawn.
  // It sweeps once at start and then hourly: tests stage rows and sweep explicitly (with --now), and a
  // background sweep landing in between (every 30 s by default) would take the work from them.
  const smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
  const log = fs.openSync(path.join(dataDir, "server.log"), "a");
  const child = spawn(process.execPath, ["scripts/start.mjs", ...(opts.args ?? [])], {
    env: {
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
      ...env,
    },
    stdio: ["ignore", log, log],
    detached: true,
  });
  fs.closeSync(log);
  await waitForHealth(child, `${baseUrl}/api/v1/health`, dataDir);
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    }
  };
  return { baseUrl, dataDir, databaseUrl: env.DATABASE_URL ?? `file:${path.join(dataDir, "lifeline.db")}`, smtpUrl, child, stop };
}

async function waitForHealth(child: ChildProcess, url: string, dataDir: string) {
  const deadline = Date.now() + 180_000;
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
  const tail = fs.readFileSync(path.join(dataDir, "server.log"), "utf8").slice(-3000);
  throw new Error(`Lifeline did not become healthy at ${url}:\n${tail}`);
}
