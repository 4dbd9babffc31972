import { afterAll, describe, expect, it } from "vitest";
import { trpcQuery } from "../support/dashboard";
import { databaseKind } from "../support/db";
import { startLifeline, type RunningLifeline } from "../support/lifeline";
import {
  callOn,
  dedicatedLifeline,
  platformProbe,
  registerOn,
  startProbe,
  startTarget,
  type ProbeProcess,
} from "../support/probes";
import { eventually } from "../support/sweeper";

// GET /status reports the workers from heartbeats of live processes (each sweeper with its own id),
// not from the last sweep anyone made; and whether any platform probe is at work.
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

type Status = {
  last_sweep: { at: string } | null;
  workers: {
    sweeper: {
      state: string;
      last_sweep_at: string | null;
      instances: { id: string; pid: number; host: string; mode: string; started_at: string; seen_at: string }[];
    };
    platform_probe: { state: string; last_seen_at: string | null; message: string | null };
  };
};
const statusOf = async (server: RunningLifeline): Promise<Status> => {
  const res = await callOn(server)("GET", "/status");
  expect(res.status).toBe(200);
  return res.body.data;
};

describe("GET /status: workers from live processes", () => {
  it("lists the embedded sweeper with its id, and after a restart with --web-only reports no running sweeper", async () => {
    const first = await dedicatedLifeline();
    cleanup.push(() => first.stop());
    const running = await eventually(async () => {
      const s = await statusOf(first.server);
      return s.workers.sweeper.state === "running" ? s : null;
    }, 30_000);
    expect(running.workers.sweeper.instances).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        pid: expect.any(Number),
        host: expect.any(String),
        mode: "loop",
        started_at: expect.any(String),
        seen_at: expect.any(String),
      },
    ]);
    expect(first.server.log()).toContain(`"sweeper_id":"${running.workers.sweeper.instances[0]!.id}"`);
    const lastSweepAt = running.workers.sweeper.last_sweep_at;
    expect(lastSweepAt).not.toBeNull();
    await first.server.stop();

    // Seconds later, on the same database: the previous sweeper's last sweep is recent, but no sweeper runs.
    const webOnly = await startLifeline(
      databaseKind() === "postgresql" ? { DATABASE_URL: first.server.databaseUrl } : {},
      {
        dataDir: first.server.dataDir,
        args: ["--web-only"],
      },
    );
    cleanup.push(() => webOnly.stop());
    const after = await statusOf(webOnly);
    expect(after.workers.sweeper).toEqual({ state: "not_started", last_sweep_at: lastSweepAt, instances: [] });
    expect(after.last_sweep?.at).toBe(lastSweepAt);
    expect(webOnly.log()).toContain(
      "web only: no embedded sweeper and no embedded platform probe; run `npm run sweep -- --loop` and `npm run probe`",
    );
  }, 180_000);

  it("says the platform probe is missing while services wait on it and none has been seen, and running once one checks", async () => {
    const server = await dedicatedLifeline({ OUTBOUND_ALLOW_PRIVATE: "true" }, ["--web-only"]);
    cleanup.push(() => server.stop());
    const api = callOn(server.server);
    expect((await statusOf(server.server)).workers.platform_probe).toEqual({
      state: "not_needed",
      last_seen_at: null,
      message: null,
    });

    const user = await registerOn(server.server, "waiting");
    await server.db.run("UPDATE organizations SET plan = 'enterprise' WHERE slug = ?", [user.orgSlug]);
    const target = await startTarget();
    cleanup.push(() => target.close());
    const created = await api("POST", "/services", {
      token: user.access,
      body: { name: "site", type: "http", config: { url: target.url }, interval: 10 },
    });
    expect(created.status).toBe(201);
    const missing = (await statusOf(server.server)).workers.platform_probe;
    expect(missing).toEqual({
      state: "missing",
      last_seen_at: null,
      message: expect.stringContaining("npm run probe"),
    });
    // The dashboard reads the same procedure over tRPC.
    const trpc = await trpcQuery(server.server.baseUrl, "system.status", undefined);
    expect(trpc.body.result.data.data.workers.platform_probe).toMatchObject({ state: "missing" });

    const token = await platformProbe(server.db, "outside");
    const probe: ProbeProcess = startProbe(server.server.baseUrl, token.token, { OUTBOUND_ALLOW_PRIVATE: "true" });
    cleanup.push(() => probe.stop());
    const seen = await eventually(async () => {
      const p = (await statusOf(server.server)).workers.platform_probe;
      return p.state === "running" ? p : null;
    }, 60_000);
    expect(seen).toEqual({ state: "running", last_seen_at: expect.any(String), message: null });
  }, 180_000);
});
