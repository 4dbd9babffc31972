import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStores, recordCheck } from "../support/check-stores";
import { rows, testDb } from "../support/db";
import { call, registerUser, type TestUser } from "../support/http";
import { createMonitor, ping } from "../support/monitors";
import { privateProbe, startTarget } from "../support/probes";
import { newProject, setPlan } from "../support/projects";
import { seedMonitor, startSweep, sweep } from "../support/sweeper";

// Maintenance windows hold notifications: pings, sweeps and probe checks go on and are recorded, an
// incident opening while a window runs over its object is stored held and notifies nobody, and
// when the window's run ends and the incident is still open it is notified then, once, however
// many sweepers run. Real pings through the server, real sweeper processes (sweeping as if at a
// later instant), real checks against a loopback target.
let owner: TestUser;
beforeAll(async () => {
  owner = await registerUser("maintainer");
  await setPlan(owner, "enterprise");
});

const outbox = (column: "cron_monitor_id" | "service_id", id: number) =>
  rows<{ event: string }>(`SELECT event FROM outbox WHERE ${column} = ? ORDER BY id`, id);
const incidents = (column: "cron_monitor_id" | "service_id", id: number) =>
  rows<{ kind: string; status: string }>(`SELECT kind, status FROM incidents WHERE ${column} = ? ORDER BY id`, id);
const minutesFrom = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

async function schedule(body: Record<string, unknown>) {
  const res = await call("POST", "/maintenance-windows", {
    token: owner.access,
    body: { title: "Planned work", ...body },
  });
  if (res.status !== 201) throw new Error(`window create failed: ${res.status} ${res.text}`);
  return res.body.data as { id: number; active: boolean; next_starts_at: string | null; next_ends_at: string | null };
}

/** Moves a monitor into a project through the API (the write that keeps what it uses: domain/feature-use.ts). */
async function intoProject(monitorId: number, projectId: number) {
  const res = await call("PATCH", `/cron-monitors/${monitorId}`, {
    token: owner.access,
    body: { project_id: projectId },
  });
  if (res.status !== 200) throw new Error(`project change failed: ${res.status} ${res.text}`);
}

describe("a one-off window over a project", () => {
  it("holds a missed-ping incident opened by a sweep while it runs, and two sweepers after its end notify it exactly once", async () => {
    const now = new Date();
    const project = await newProject(owner);
    const monitor = await seedMonitor(owner, { state: "up", nextExpectedAt: minutesFrom(now, -120), graceSeconds: 60 });
    await intoProject(monitor.id, project.id); // joins the project after the window exists: covered too
    const window = await schedule({
      starts_at: minutesFrom(now, -1).toISOString(),
      ends_at: minutesFrom(now, 30).toISOString(),
      targets: { project_ids: [project.id] },
    });
    expect(window.active).toBe(true);

    expect((await sweep(now)).code).toBe(0);
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "missed", status: "open" }]);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([]);
    const shown = (await call("GET", `/cron-monitors/${monitor.id}`, { token: owner.access })).body.data;
    expect(shown.state).toBe("down"); // status values unchanged
    expect(shown.maintenance).toEqual({ window_id: window.id, ends_at: window.next_ends_at });

    await sweep(minutesFrom(now, 29)); // still running: still held
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([]);

    const later = minutesFrom(now, 31);
    const [a, b] = [startSweep(later), startSweep(later)];
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect([ra.code, rb.code]).toEqual([0, 0]);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);
    await sweep(minutesFrom(now, 32));
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "missed", status: "open" }]);
  });

  it("records a failure ping's incident held, resolves it silently on recovery inside the window, and notifies nothing at the end", async () => {
    const project = await newProject(owner);
    const monitor = await createMonitor(owner, { project_id: project.id }); // a member before the window
    const now = new Date();
    const window = await schedule({
      starts_at: minutesFrom(now, -1).toISOString(),
      ends_at: minutesFrom(now, 20).toISOString(),
      targets: { project_ids: [project.id] },
    });

    expect((await ping(monitor.ping_token, "/fail")).status).toBe(200);
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "failed", status: "open" }]);
    expect(
      (await rows<{ held: unknown }>("SELECT held FROM incidents WHERE cron_monitor_id = ?", monitor.id)).map(
        (r) => !!r.held,
      ),
    ).toEqual([true]);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([]);
    expect((await ping(monitor.ping_token)).status).toBe(200);
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "failed", status: "resolved" }]);

    await sweep(minutesFrom(now, 21));
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([]);
    expect(window.active).toBe(true);
  });

  it("keeps notifying objects outside the window: a monitor of no targeted project is notified at once", async () => {
    const project = await newProject(owner);
    await schedule({
      starts_at: minutesFrom(new Date(), -1).toISOString(),
      ends_at: minutesFrom(new Date(), 20).toISOString(),
      targets: { project_ids: [project.id] },
    });
    const outside = await createMonitor(owner);
    await ping(outside.ping_token, "/fail");
    expect(await outbox("cron_monitor_id", outside.id)).toEqual([{ event: "incident.opened" }]);
    expect(
      (await call("GET", `/cron-monitors/${outside.id}`, { token: owner.access })).body.data.maintenance,
    ).toBeNull();
  });

  it("keeps an incident already open when the window starts open, holds its resolution while the window runs, and two sweepers at the end notify it once", async () => {
    const monitor = await createMonitor(owner);
    await ping(monitor.ping_token, "/fail");
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);
    const now = new Date();
    await schedule({
      starts_at: now.toISOString(),
      ends_at: minutesFrom(now, 20).toISOString(),
      targets: { cron_monitor_ids: [monitor.id] },
    });
    await sweep(minutesFrom(now, 1));
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "failed", status: "open" }]);
    await ping(monitor.ping_token, "/fail"); // still failing: the open incident stays, nothing new
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "failed", status: "open" }]);
    await ping(monitor.ping_token); // recovers inside the window: resolved, its notification held
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "failed", status: "resolved" }]);
    await sweep(minutesFrom(now, 19));
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);
    const end = minutesFrom(now, 21);
    const [a, b] = [startSweep(end), startSweep(end)];
    expect((await Promise.all([a.done, b.done])).map((r) => r.code)).toEqual([0, 0]);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([
      { event: "incident.opened" },
      { event: "incident.resolved" },
    ]);
    await sweep(minutesFrom(now, 22));
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([
      { event: "incident.opened" },
      { event: "incident.resolved" },
    ]);
  });
});

describe("a window over a service", () => {
  const stores = checkStores();
  let target: Awaited<ReturnType<typeof startTarget>>;
  beforeAll(async () => {
    target = await startTarget("error");
  });
  afterAll(async () => {
    target.close();
    await stores.close();
  });

  it("records failing checks and a held incident while the window runs, shows the window, and the sweep after it notifies once", async () => {
    const probe = await privateProbe(owner, "maintenance-lane");
    const config = { url: target.url, expected_status_code: 200, timeout: 5 };
    const created = await call("POST", "/services", {
      token: owner.access,
      body: { name: "api", type: "http", config, interval: 60, probe_ids: [probe.id] },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const now = new Date();
    const window = await schedule({
      starts_at: minutesFrom(now, -1).toISOString(),
      ends_at: minutesFrom(now, 15).toISOString(),
      targets: { service_ids: [id] },
    });

    const store = stores.open();
    for (let i = 0; i < 2; i++) {
      const { result, recorded } = await recordCheck(store, { probeId: probe.id, serviceId: id }, config);
      expect(result).toMatchObject({ outcome: "down", statusCode: 500 });
      expect(recorded).toEqual([{ accepted: true }]);
    }
    expect((await rows("SELECT id FROM check_results WHERE service_id = ?", id)).length).toBe(2);
    expect(await incidents("service_id", id)).toEqual([{ kind: "service_down", status: "open" }]);
    expect(await outbox("service_id", id)).toEqual([]);
    const shown = (await call("GET", `/services/${id}`, { token: owner.access })).body.data;
    expect(shown.status).toBe("down");
    expect(shown.maintenance).toEqual({ window_id: window.id, ends_at: window.next_ends_at });

    await sweep(minutesFrom(now, 10));
    expect(await outbox("service_id", id)).toEqual([]);
    await sweep(minutesFrom(now, 16));
    expect(await outbox("service_id", id)).toEqual([{ event: "incident.opened" }]);
  });

  it("holds the resolution of a service's announced incident while a window runs, and the sweep after it notifies it once", async () => {
    const healthy = await startTarget("ok");
    try {
      const probe = await privateProbe(owner, "maintenance-recovery");
      const created = await call("POST", "/services", {
        token: owner.access,
        body: { name: "web", type: "http", config: { url: target.url }, interval: 60, probe_ids: [probe.id] },
      });
      const id = created.body.data.id as number;
      const store = stores.open();
      const record = async (url: string) => {
        const lane = { probeId: probe.id, serviceId: id };
        const { recorded } = await recordCheck(store, lane, { url, expected_status_code: 200, timeout: 5 });
        expect(recorded).toEqual([{ accepted: true }]);
      };
      await record(target.url);
      await record(target.url);
      expect(await outbox("service_id", id)).toEqual([{ event: "incident.opened" }]); // announced before any window

      const now = new Date();
      await schedule({
        starts_at: minutesFrom(now, -1).toISOString(),
        ends_at: minutesFrom(now, 10).toISOString(),
        targets: { service_ids: [id] },
      });
      await record(healthy.url);
      expect(await incidents("service_id", id)).toEqual([{ kind: "service_down", status: "resolved" }]);
      expect(await outbox("service_id", id)).toEqual([{ event: "incident.opened" }]);
      await sweep(minutesFrom(now, 5));
      expect(await outbox("service_id", id)).toEqual([{ event: "incident.opened" }]);
      await sweep(minutesFrom(now, 11));
      expect(await outbox("service_id", id)).toEqual([{ event: "incident.opened" }, { event: "incident.resolved" }]);
    } finally {
      healthy.close();
    }
  });
});

describe("a recurring window", () => {
  it("holds exactly during each run of its schedule across the spring-forward night in Europe/Berlin, and notifies once at its end", async () => {
    // Every day at 01:30 Berlin time for 2 hours. On 2027-03-28 the clocks jump from 02:00 CET to
    // 03:00 CEST (01:00Z): the run starts at 01:30 CET (00:30Z) and ends 2 real hours later, 02:30Z.
    const start = new Date("2027-03-28T00:30:00Z");
    const project = await newProject(owner);
    const window = await schedule({
      schedule: "30 1 * * *",
      timezone: "Europe/Berlin",
      duration_minutes: 120,
      targets: { project_ids: [project.id] },
    });
    // Created now: active only if the real clock is inside today's run (01:30 to 03:30 in Berlin).
    const berlin = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Berlin",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(new Date());
    const minute = (type: string) => Number(berlin.find((p) => p.type === type)!.value);
    const berlinMinutes = minute("hour") * 60 + minute("minute");
    if (Math.abs(berlinMinutes - 90) > 1 && Math.abs(berlinMinutes - 210) > 1)
      expect(window.active).toBe(berlinMinutes > 90 && berlinMinutes < 210);
    // Due at 00:40Z with 60 s of grace: missed while the run goes on.
    const monitor = await seedMonitor(owner, {
      state: "up",
      nextExpectedAt: minutesFrom(start, 10),
      graceSeconds: 60,
      periodSeconds: 86_400,
    });
    await intoProject(monitor.id, project.id);

    expect((await sweep(minutesFrom(start, -5))).code).toBe(0); // before the run: nothing due yet
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([]);
    const during = await sweep(minutesFrom(start, 15));
    expect(during.code).toBe(0);
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "missed", status: "open" }]);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([]);
    await sweep(new Date("2027-03-28T02:29:00Z")); // 04:29 CEST: still inside the 2 real hours
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([]);

    const end = new Date("2027-03-28T02:30:00Z");
    const [a, b] = [startSweep(end), startSweep(end)];
    expect((await Promise.all([a.done, b.done])).map((r) => r.code)).toEqual([0, 0]);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);
    const row = await testDb().one<{ current_starts_at: string }>(
      "SELECT current_starts_at FROM maintenance_windows WHERE id = ?",
      [window.id],
    );
    expect(new Date(row!.current_starts_at).toISOString()).toBe("2027-03-28T23:30:00.000Z"); // the next run: 01:30 CEST on the 29th
  });
});
