import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, inject, it } from "vitest";
import { databaseEnv, databaseKind, databaseUrl, testDb } from "../support/db";
import { registerUser, type TestUser } from "../support/http";
import { startLifeline } from "../support/lifeline";
import { pingLoad } from "../support/load";
import { createMonitor } from "../support/monitors";
import { startPingServer } from "../support/ping-server";
import { startSweep } from "../support/sweeper";

// SIGTERM (what Kubernetes and process managers send) stops a process gracefully: it stops
// accepting, answers what is in flight and exits 0. A ping answered OK is stored.
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill("SIGKILL")));

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code)),
  );

async function loadTargets(user: TestUser, count: number) {
  await testDb().run("UPDATE organizations SET plan = 'team' WHERE slug = ?", [user.orgSlug]);
  return Promise.all(Array.from({ length: count }, () => createMonitor(user)));
}

async function storedRids(monitorIds: number[]): Promise<Set<string>> {
  const rows = await testDb().query<{ rid: string }>(
    `SELECT rid FROM cron_runs WHERE monitor_id IN (${monitorIds.join(",")})`,
  );
  return new Set(rows.map((r) => r.rid));
}

describe("graceful stop on SIGTERM", () => {
  it("the ingest process answers the pings in flight, stores every one it answered OK and exits 0", async () => {
    const server = await startPingServer();
    children.push(server.child);
    const monitors = await loadTargets(await registerUser("term-ingest"), 30);
    const load = pingLoad(
      monitors.map((m) => ({ url: server.url, token: m.ping_token })),
      { count: 150, concurrency: 16, maxMs: 30_000 },
    );
    await load.whenOk(40);
    const exited = exitOf(server.child);
    server.child.kill("SIGTERM");
    const result = await load.done;
    expect(await exited).toBe(0);
    expect(result.answeredOk.length).toBeGreaterThanOrEqual(40);
    const stored = await storedRids(monitors.map((m) => m.id));
    expect(result.answeredOk.filter((a) => !stored.has(a.rid))).toEqual([]);
    await expect(fetch(`${server.url}/ping/x`)).rejects.toThrow(); // no longer accepting
  });

  it("the web app (npm start) finishes its pings in flight, stops its workers and exits 0", async () => {
    // A second Lifeline on the same database, started like `npm start`.
    const env =
      databaseKind() === "sqlite"
        ? { DATABASE_URL: `file:${path.join(inject("dataDir"), "lifeline.db")}` }
        : { DATABASE_URL: databaseUrl() };
    const web = await startLifeline(env);
    children.push(web.child);
    const monitors = await loadTargets(await registerUser("term-web"), 30);
    const load = pingLoad(
      monitors.map((m) => ({ url: `${web.baseUrl}/ping`, token: m.ping_token })),
      { count: 150, concurrency: 8, maxMs: 60_000 },
    );
    await load.whenOk(30);
    const exited = exitOf(web.child);
    web.child.kill("SIGTERM"); // the npm start process only, as a process manager would
    const result = await load.done;
    expect(await exited).toBe(0);
    expect(result.answeredOk.length).toBeGreaterThanOrEqual(30);
    const stored = await storedRids(monitors.map((m) => m.id));
    expect(result.answeredOk.filter((a) => !stored.has(a.rid))).toEqual([]);
    await expect(fetch(`${web.baseUrl}/api/v1/health`)).rejects.toThrow();
  });

  it("the sweeper loop finishes its sweep and exits 0", async () => {
    const sweeper = startSweep(null, databaseEnv(), ["--loop", "--interval", "1"]);
    children.push(sweeper.child);
    await sweeper.started;
    await new Promise((r) => setTimeout(r, 1500));
    sweeper.child.kill("SIGTERM");
    const run = await sweeper.done;
    expect(run.code).toBe(0);
    expect(run.lines.filter((l) => l.event === "sweep").length).toBeGreaterThanOrEqual(1);
  });
});
