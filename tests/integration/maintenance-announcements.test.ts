import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quietTime } from "../../src/server/domain/maintenance-days";
import { call, registerUser, type TestUser } from "../support/http";
import { eventually, rows, seedMonitor, startReceiver, sweep, sweepersAtOnce } from "../support/sweeper";

// maintenance.started / maintenance.ended (docs/api-maintenance.md): each run of a window is
// announced once when it starts and once when it ends, by the sweep, however many sweepers race
// (two real sweeper processes at once, sweeping as if at an instant), to the organization's
// integrations that chose the event, and to no other (a default integration with the default
// events hears nothing). Delivered by the sweepers' own delivery to loopback receivers.
let owner: TestUser;
let chose: Awaited<ReturnType<typeof startReceiver>>;
let defaults: Awaited<ReturnType<typeof startReceiver>>;
let choseId: number;
let defaultId: number;
let monitorId: number;

beforeAll(async () => {
  owner = await registerUser("announcer");
  [chose, defaults] = await Promise.all([startReceiver(), startReceiver()]);
  const hook = async (body: Record<string, unknown>) => {
    const res = await call("POST", "/integrations", { token: owner.access, body: { kind: "webhook", ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  choseId = await hook({
    name: "ops",
    url: chose.url,
    events: ["incident.opened", "maintenance.started", "maintenance.ended"],
  });
  defaultId = await hook({ name: "default", url: defaults.url, is_default: true });
  monitorId = (await seedMonitor(owner, {})).id;
});
afterAll(async () => {
  await chose?.close();
  await defaults?.close();
});

const minutesFrom = (at: Date | string, minutes: number) => new Date(new Date(at).getTime() + minutes * 60_000);
const announced = (windowId: number) =>
  rows<{ id: number; event: string; window_starts_at: string; window_ends_at: string }>(
    "SELECT id, event, window_starts_at, window_ends_at FROM outbox WHERE window_id = ? AND event <> 'maintenance.scheduled' ORDER BY id",
    windowId,
  );
const iso = (t: string | Date) => new Date(t).toISOString();
/** Two sweepers racing at `at`; resolves to how many announcements they wrote together. */
async function twoSweepers(at: Date): Promise<number> {
  const runs = await sweepersAtOnce(2, at.toISOString());
  expect(runs.map((r) => r.code)).toEqual([0, 0]);
  return runs.reduce((n, r) => n + (r.report?.counts.maintenance_announced ?? 0), 0);
}

async function schedule(body: Record<string, unknown>) {
  const res = await call("POST", "/maintenance-windows", {
    token: owner.access,
    body: { title: "Database upgrade", targets: { cron_monitor_ids: [monitorId] }, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; next_starts_at: string; next_ends_at: string };
}

describe("a one-off window", () => {
  it("is announced started once and ended once by two racing sweepers, to the integration that chose the events only", async () => {
    const now = new Date(Math.floor(Date.now() / 1000) * 1000); // whole seconds, as the answers give them
    const w = await schedule({
      starts_at: minutesFrom(now, 2).toISOString(),
      ends_at: minutesFrom(now, 20).toISOString(),
    });
    await twoSweepers(minutesFrom(now, 1)); // not started yet
    expect(await announced(w.id)).toEqual([]);
    expect(await twoSweepers(minutesFrom(now, 3))).toBeGreaterThanOrEqual(1); // this window's start (and any other's)
    await twoSweepers(minutesFrom(now, 10));
    expect((await announced(w.id)).map((r) => r.event)).toEqual(["maintenance.started"]);
    await twoSweepers(minutesFrom(now, 21));
    expect((await sweep(minutesFrom(now, 22))).code).toBe(0);
    const rowsOf = await announced(w.id);
    expect(rowsOf.map((r) => [r.event, iso(r.window_starts_at), iso(r.window_ends_at)])).toEqual([
      ["maintenance.started", iso(w.next_starts_at), iso(w.next_ends_at)],
      ["maintenance.ended", iso(w.next_starts_at), iso(w.next_ends_at)],
    ]);

    // Delivered to the integration that chose them, each once; the default integration hears nothing.
    const bodies = await eventually(() => {
      const seen = chose.received.map((r) => JSON.parse(r.body)).filter((b) => b.maintenance?.id === w.id);
      return seen.length >= 2 ? seen : null;
    });
    expect(bodies.map((b) => [b.event, b.event_id])).toEqual([
      ["maintenance.started", rowsOf[0]!.id],
      ["maintenance.ended", rowsOf[1]!.id],
    ]);
    expect(bodies[0].maintenance).toEqual({
      id: w.id,
      title: "Database upgrade",
      starts_at: w.next_starts_at,
      ends_at: w.next_ends_at,
    });
    const deliveries = await rows<{ integration_id: number; event: string }>(
      `SELECT integration_id, event FROM deliveries WHERE outbox_id IN (?, ?) ORDER BY outbox_id`,
      rowsOf[0]!.id,
      rowsOf[1]!.id,
    );
    expect(deliveries).toEqual([
      { integration_id: choseId, event: "maintenance.started" },
      { integration_id: choseId, event: "maintenance.ended" },
    ]);
    expect(deliveries.some((d) => d.integration_id === defaultId)).toBe(false);
    expect(defaults.received.map((r) => JSON.parse(r.body).event)).not.toContain("maintenance.started");
  });
});

describe("a recurring window", () => {
  it("gives one started and one ended per run, two runs in a row, with two racing sweepers at each step", async () => {
    // Every hour at :00 for 10 minutes: the run going on or next, then the one an hour later.
    const w = await schedule({ schedule: "0 * * * *", timezone: "UTC", duration_minutes: 10 });
    const first = new Date(w.next_starts_at);
    for (const run of [first, minutesFrom(first, 60)]) {
      await twoSweepers(minutesFrom(run, 1));
      await twoSweepers(minutesFrom(run, 11));
    }
    const rowsOf = await announced(w.id);
    const second = minutesFrom(first, 60);
    expect(rowsOf.map((r) => [r.event, iso(r.window_starts_at), iso(r.window_ends_at)])).toEqual([
      ["maintenance.started", iso(first), iso(minutesFrom(first, 10))],
      ["maintenance.ended", iso(first), iso(minutesFrom(first, 10))],
      ["maintenance.started", iso(second), iso(minutesFrom(second, 10))],
      ["maintenance.ended", iso(second), iso(minutesFrom(second, 10))],
    ]);
    // The sweep that moved the window past each run kept it once in the monitor's days, which public
    // pages and badges read instead of expanding the schedule.
    const days = await rows<{ day: string; minutes: string }>(
      "SELECT day, minutes FROM monitor_maintenance_days WHERE cron_monitor_id = ?",
      monitorId,
    );
    const quiet = quietTime(new Map(days.map((d) => [d.day, d.minutes])), []);
    const ms = (t: Date) => t.getTime();
    expect(quiet.covered(ms(minutesFrom(first, -60)), ms(minutesFrom(second, 70)))).toBe(20 * 60_000);
    expect(quiet.covered(ms(first), ms(minutesFrom(first, 10)))).toBe(10 * 60_000);
    expect(quiet.covered(ms(second), ms(minutesFrom(second, 10)))).toBe(10 * 60_000);
  });
});
