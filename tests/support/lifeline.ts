import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type Lifeline = { baseUrl: string; port: number; dataDir: string; log: () => string; stop: () => Promise<void> };

/**
 * Starts one more Lifeline exactly as `npm start` does (`node scripts/start.mjs`, reusing the build
 * that global setup made), with the given environment on top of a fresh data directory and a free
 * port, and waits for /api/v1/health. For tests that need a different configuration than the shared
 * test server's, or a second process on the same database (pass its DATA_DIR).
 */
export async function startLifeline(extraEnv: Record<string, string | undefined> = {}): Promise<Lifeline> {
  const port = 25000 + Math.floor(Math.random() * 2000);
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-extra-"));
  const logFile = path.join(os.tmpdir(), `lifeline-extra-${port}.log`);
  const log = fs.openSync(logFile, "w");
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "test",
    SWEEP_INTERVAL_SECONDS: "3600",
    OUTBOUND_ALLOW_PRIVATE: undefined,
    ...extraEnv,
  };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env: env as NodeJS.ProcessEnv, stdio: ["ignore", log, log], detached: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const readLog = () => fs.readFileSync(logFile, "utf8");
  const stop = async () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).status === 200) return { baseUrl, port, dataDir, log: readLog, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`Lifeline did not become healthy at ${baseUrl}:\n${readLog().slice(-3000)}`);
}
