import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboardCookie, trpcMutation } from "../support/dashboard";
import { checkStores, recordCheck } from "../support/check-stores";
import { rows } from "../support/db";
import { baseUrl, call, expectStandardError, registerUser, serviceToken, type TestUser } from "../support/http";
import { createMonitor, ping } from "../support/monitors";
import { privateProbe, startTarget } from "../support/probes";
import { setPlan } from "../support/projects";
import { seedMonitor, startSweep, sweep } from "../support/sweeper";

// Snooze: incidents open and are recorded while an object is snoozed, and nothing is notified; an
// incident still open when the snooze ends is notified then, once: by DELETE .../snooze, or by the
// sweeper once the time has passed (two sweepers at once still notify it once). Real pings through
// the server, real sweeper processes, real checks against a loopback target.
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([registerUser("snoozer"), registerUser("stranger")]);
});

const outbox = (column: "cron_monitor_id" | "service_id", id: number) =>
  rows<{ event: string }>(`SELECT event FROM outbox WHERE ${column} = ? ORDER BY id`, id);
const incidents = (column: "cron_monitor_id" | "service_id", id: number) =>
  rows<{ kind: string; status: string }>(`SELECT kind, status FROM incidents WHERE ${column} = ? ORDER BY id`, id);
const minutesFrom = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe("snoozing a cron monitor", () => {
  it("records a failure ping's incident without notifying it, and DELETE /snooze notifies it once", async () => {
    const monitor = await createMonitor(owner);
    const snoozed = await call("POST", `/cron-monitors/${monitor.id}/snooze`, {
      token: owner.access,
      body: { minutes: 60 },
    });
    expect(snoozed.status).toBe(200);
    const until = Date.parse(snoozed.body.data.snoozed_until);
    expect(Math.abs(until - (Date.now() + 3600_000))).toBeLessThan(60_000);

    expect((await ping(monitor.ping_token, "/fail")).status).toBe(200);
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "failed", status: "open" }]);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([]);

    const ended = await call("DELETE", `/cron-monitors/${monitor.id}/snooze`, { token: owner.access });
    expect(ended.status).toBe(200);
    expect(ended.body.data.snoozed_until).toBeNull();
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);
    await call("DELETE", `/cron-monitors/${monitor.id}/snooze`, { token: owner.access });
    await sweep(minutesFrom(new Date(), 1));
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);

    expect((await ping(monitor.ping_token)).status).toBe(200);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([
      { event: "incident.opened" },
      { event: "incident.resolved" },
    ]);
  });

  it("notifies nothing for an incident that opened and resolved while snoozed, even after the snooze ends", async () => {
    const monitor = await createMonitor(owner);
    await call("POST", `/cron-monitors/${monitor.id}/snooze`, { token: owner.access, body: { minutes: 30 } });
    await ping(monitor.ping_token, "/fail");
    await ping(monitor.ping_token);
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "failed", status: "resolved" }]);
    await call("DELETE", `/cron-monitors/${monitor.id}/snooze`, { token: owner.access });
    await sweep(minutesFrom(new Date(), 31));
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([]);
  });

  it("holds the resolution of an incident notified before the snooze, and DELETE /snooze notifies it at once", async () => {
    const monitor = await createMonitor(owner);
    await ping(monitor.ping_token, "/fail");
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);
    await call("POST", `/cron-monitors/${monitor.id}/snooze`, { token: owner.access, body: { minutes: 30 } });
    await ping(monitor.ping_token);
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "failed", status: "resolved" }]);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);

    expect((await call("DELETE", `/cron-monitors/${monitor.id}/snooze`, { token: owner.access })).status).toBe(200);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([
      { event: "incident.opened" },
      { event: "incident.resolved" },
    ]);
    await sweep(minutesFrom(new Date(), 1));
    expect(await outbox("cron_monitor_id", monitor.id)).toHaveLength(2);
  });

  it("holds a missed-ping incident opened by a sweep, and two sweepers after the snooze expired notify it exactly once", async () => {
    const now = new Date();
    const monitor = await seedMonitor(owner, {
      state: "up",
      nextExpectedAt: new Date(now.getTime() - 2 * 3600_000),
      graceSeconds: 60,
    });
    const until = minutesFrom(now, 10).toISOString();
    const snoozed = await call("POST", `/cron-monitors/${monitor.id}/snooze`, { token: owner.access, body: { until } });
    expect(snoozed.status).toBe(200);
    expect(Date.parse(snoozed.body.data.snoozed_until)).toBe(Math.floor(Date.parse(until) / 1000) * 1000);

    const first = await sweep(now);
    expect(first.code).toBe(0);
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "missed", status: "open" }]);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([]);
    await sweep(minutesFrom(now, 5)); // still snoozed: still held
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([]);

    const later = minutesFrom(now, 11);
    const [a, b] = [startSweep(later), startSweep(later)];
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect([ra.code, rb.code]).toEqual([0, 0]);
    expect(ra.report!.counts.held_released + rb.report!.counts.held_released).toBeGreaterThanOrEqual(1);
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);
    await sweep(minutesFrom(now, 12));
    expect(await outbox("cron_monitor_id", monitor.id)).toEqual([{ event: "incident.opened" }]);
    expect(await incidents("cron_monitor_id", monitor.id)).toEqual([{ kind: "missed", status: "open" }]);
  });

  it("refuses a body with both or neither of until and minutes, a past until, and more than 30 days, with 400", async () => {
    const monitor = await createMonitor(owner);
    const path = `/cron-monitors/${monitor.id}/snooze`;
    const bodies = [
      {},
      { minutes: 10, until: minutesFrom(new Date(), 10).toISOString() },
      { until: minutesFrom(new Date(), -1).toISOString() },
      { until: minutesFrom(new Date(), 31 * 24 * 60).toISOString() },
      { minutes: 0 },
      { minutes: 43_201 },
      { until: "tomorrow" },
    ];
    for (const body of bodies)
      expectStandardError(await call("POST", path, { token: owner.access, body }), 400, "VALIDATION_ERROR");
    expect(
      (await call("GET", `/cron-monitors/${monitor.id}`, { token: owner.access })).body.data.snoozed_until,
    ).toBeNull();
  });

  it("takes the monitor's edit capability: another organization gets 404, a view-only token 403", async () => {
    const monitor = await createMonitor(owner);
    const path = `/cron-monitors/${monitor.id}/snooze`;
    expectStandardError(await call("POST", path, { token: stranger.access, body: { minutes: 5 } }), 404, "NOT_FOUND");
    expectStandardError(await call("DELETE", path, { token: stranger.access }), 404, "NOT_FOUND");
    const viewer = await serviceToken(owner, ["cronmonitor.view"]);
    expectStandardError(await call("POST", path, { token: viewer, body: { minutes: 5 } }), 403, "FORBIDDEN");
    const editor = await serviceToken(owner, ["cronmonitor.view", "cronmonitor.edit"]);
    expect((await call("POST", path, { token: editor, body: { minutes: 5 } })).status).toBe(200);
  });
});

describe("snoozing a service", () => {
  const stores = checkStores();
  let target: Awaited<ReturnType<typeof startTarget>>;
  beforeAll(async () => {
    target = await startTarget("error");
    await setPlan(owner, "enterprise");
  });
  afterAll(async () => {
    target.close();
    await stores.close();
  });

  it("records a failing check's incident without notifying it, and the sweep after the snooze notifies it once", async () => {
    const probe = await privateProbe(owner, "snooze-lane");
    const config = { url: target.url, expected_status_code: 200, timeout: 5 };
    const created = await call("POST", "/services", {
      token: owner.access,
      body: { name: "api", type: "http", config, interval: 60, probe_ids: [probe.id] },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const snoozed = await call("POST", `/services/${id}/snooze`, { token: owner.access, body: { minutes: 15 } });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.data.snoozed_until).not.toBeNull();

    const store = stores.open();
    for (let i = 0; i < 2; i++) {
      const { result, recorded } = await recordCheck(store, { probeId: probe.id, serviceId: id }, config);
      expect(result).toMatchObject({ outcome: "down", statusCode: 500 });
      expect(recorded).toEqual([{ accepted: true }]);
    }
    expect(await incidents("service_id", id)).toEqual([{ kind: "service_down", status: "open" }]);
    expect(await outbox("service_id", id)).toEqual([]);

    await sweep(minutesFrom(new Date(), 16));
    expect(await outbox("service_id", id)).toEqual([{ event: "incident.opened" }]);
    expect((await call("GET", `/services/${id}`, { token: owner.access })).body.data.snoozed_until).not.toBeNull(); // shown until it really ends
  });

  it("DELETE /services/{id}/snooze ends it at once; another user's service is 404 and stays snoozed", async () => {
    const created = await call("POST", "/services", {
      token: owner.access,
      body: { name: "web", type: "http", config: { url: target.url }, interval: 60 },
    });
    const id = created.body.data.id as number;
    expect((await call("POST", `/services/${id}/snooze`, { token: owner.access, body: { minutes: 60 } })).status).toBe(
      200,
    );
    expectStandardError(await call("DELETE", `/services/${id}/snooze`, { token: stranger.access }), 404, "NOT_FOUND");
    expectStandardError(
      await call("POST", `/services/${id}/snooze`, { token: stranger.access, body: { minutes: 1 } }),
      404,
      "NOT_FOUND",
    );
    expect((await call("GET", `/services/${id}`, { token: owner.access })).body.data.snoozed_until).not.toBeNull();
    const ended = await call("DELETE", `/services/${id}/snooze`, { token: owner.access });
    expect(ended.status).toBe(200);
    expect(ended.body.data.snoozed_until).toBeNull();
    expectStandardError(
      await call("POST", `/services/${id}/snooze`, {
        token: owner.access,
        body: { minutes: 1, until: new Date().toISOString() },
      }),
      400,
      "VALIDATION_ERROR",
    );
  });
});

describe("snooze on the dashboard's tRPC face", () => {
  it("refuses bad input with 400 VALIDATION_ERROR and a stranger's monitor with 404, and snoozes and ends a snooze", async () => {
    const monitor = await createMonitor(owner);
    const cookie = await dashboardCookie(baseUrl(), owner.email, owner.password);
    for (const input of [
      { id: monitor.id },
      { id: monitor.id, minutes: 0 },
      { id: monitor.id, until: "2020-01-01T00:00:00Z" },
    ]) {
      const refused = await trpcMutation(baseUrl(), "cronMonitors.snooze", input, { cookie });
      expect(refused.status).toBe(400);
      expect(refused.body.error.data.appCode).toBe("VALIDATION_ERROR");
    }
    const strangers = await createMonitor(stranger);
    expect(
      (await trpcMutation(baseUrl(), "cronMonitors.snooze", { id: strangers.id, minutes: 5 }, { cookie })).status,
    ).toBe(404);
    const snoozed = await trpcMutation(baseUrl(), "cronMonitors.snooze", { id: monitor.id, minutes: 480 }, { cookie });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.result.data.data.snoozed_until).not.toBeNull();
    const ended = await trpcMutation(baseUrl(), "cronMonitors.unsnooze", { id: monitor.id }, { cookie });
    expect(ended.status).toBe(200);
    expect(ended.body.result.data.data.snoozed_until).toBeNull();
  });
});
