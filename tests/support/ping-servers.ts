import { execSync, spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { databaseEnv } from "./db";
import { startLifeline } from "./lifeline";
import { usePingServer } from "./monitors";
import { freePort } from "./ports";

/**
 * The ping contract holds on both ways Lifeline serves pings: `npm start`'s server (pings through
 * the framework-free handler in front of Next) and `next start` alone (the Next /ping route). Each
 * block given here runs twice; its pings (`ping`, `pingBaseUrl`) go to the server under test, its
 * REST calls and database reads to the shared test server (one database for both).
 */
export function forEachPingServer(body: () => void) {
  describe("through npm start's server", () => {
    beforeAll(() => usePingServer(inject("baseUrl")));
    body();
  });
  describe("through the Next route alone (next start)", () => {
    let server: { url: string; child: ChildProcess } | null = null;
    beforeAll(async () => {
      server = await startNextAlone();
      usePingServer(server.url);
    }, 120_000);
    afterAll(() => {
      usePingServer(inject("baseUrl"));
      stopGroup(server?.child);
    });
    body();
  });
}

/** `next start` alone on the test server's database (built and migrated by the shared server). */
export async function startNextAlone(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const env = {
    ...process.env,
    ...databaseEnv(),
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: "test" as const,
    PING_HOST: "ping.lifeline.test",
  };
  const child = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      env,
      stdio: "ignore",
      detached: true,
    },
  );
  return waitUp(`http://127.0.0.1:${port}`, child);
}

/** A second `npm start` (`node scripts/start.mjs`) on the test server's database, web server only. */
export async function startNpmStart(): Promise<{ url: string; child: ChildProcess; port: number }> {
  const server = await startLifeline(databaseEnv(), { args: ["--web-only"] });
  return { url: server.baseUrl, child: server.child, port: server.port };
}

/** The pid of the process listening on `port` on loopback (the server itself, not a wrapper). */
export function listenerPid(port: number): number {
  const out = execSync(`ss -ltnpH 'sport = :${port}'`, { encoding: "utf8" });
  const pid = Number(/pid=(\d+)/.exec(out)?.[1]);
  if (!pid) throw new Error(`nothing listens on ${port}: ${out}`);
  return pid;
}

/** Stops a detached child and everything it started (its process group). */
export function stopGroup(child: ChildProcess | null | undefined) {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    /* gone */
  }
}

async function waitUp(url: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/livez`)).status === 200) return { url, child };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stopGroup(child);
  throw new Error(`${url} did not start`);
}
