import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * Starts Lifeline exactly as the README's first command does (`node scripts/start.mjs`, i.e.
 * `npm start`) on a free port with a fresh, empty DATA_DIR, and waits for /api/v1/health.
 * Integration tests talk to it over real HTTP; its SQLite file is `dataDir/lifeline.db`.
 */
let server: ChildProcess | null = null;

export default async function setup(project: TestProject) {
  // 20000-24999: free of the browsers' "unsafe" ports that Next refuses to listen on (e.g. 3659).
  const port = 20000 + Math.floor(Math.random() * 5000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-test-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server's embedded sweeper delivers notifications too: it gets the SMTP server that email
  // tests start on this port, and short retry waits, exactly like the sweepers the tests spawn.
  // It sweeps once at start and then hourly: tests stage rows and sweep explicitly (with --now), and a
  // background sweep landing in between (every 30 s by default) would take the work from them.
  // Tests deliver to receivers on loopback, which the outbound guard refuses unless allowed.
  const smtpUrl = `smtp://127.0.0.1:${port + 2000}`;
  const log = fs.openSync(path.join(dataDir, "server.log"), "w");
  server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_URL: baseUrl, NODE_ENV: "test", PING_HOST: "ping.lifeline.test", SMTP_URL: smtpUrl, DELIVERY_BACKOFF_MS: "300", SWEEP_INTERVAL_SECONDS: "3600", OUTBOUND_ALLOW_PRIVATE: "true" },
    stdio: ["ignore", log, log],
    detached: true,
  });
  await waitForHealth(`${baseUrl}/api/v1/health`, dataDir);
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("smtpUrl", smtpUrl);
  return async () => {
    if (server?.pid) process.kill(-server.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
  };
}

async function waitForHealth(url: string, dataDir: string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) break;
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const tail = fs.readFileSync(path.join(dataDir, "server.log"), "utf8").slice(-3000);
  throw new Error(`Lifeline did not become healthy at ${url}:\n${tail}`);
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    smtpUrl: string;
  }
}
