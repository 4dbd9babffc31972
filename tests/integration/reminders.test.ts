import { afterAll, describe, expect, it } from "vitest";
import { dashboardCookie, trpcMutation, trpcQuery } from "../support/dashboard";
import { testDb } from "../support/db";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { startKindReceiver } from "../support/kind-receiver";
import { ping } from "../support/monitors";
import { eventually, rows, seedMonitor, startSweep, sweep, sweepersAtOnce } from "../support/sweeper";

// Reminders (issue 25): an integration with `repeat_minutes` that chose `incident.reminder` hears
// about an open, unacknowledged incident every interval, exactly once per interval however many
// sweepers run; acknowledging or resolving stops it. Time is staged by moving the incident's
// opening into the past (the looping sweepers sweep on the real clock) or by sweeping as if at an
// instant in the past (`--now`), with two sweepers racing over the same rows.

const WITH_REMINDERS = ["incident.opened", "incident.resolved", "incident.reminder"];
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

async function receiver() {
  const r = await startKindReceiver();
  cleanup.push(() => r.close());
  return r;
}

async function hook(user: TestUser, url: string, fields: { events?: string[]; repeat_minutes?: number | null }) {
  const res = await call("POST", "/integrations", {
    token: user.access,
    body: { name: "on-call", kind: "webhook", url, ...fields },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; events: string[]; repeat_minutes: number | null };
}

/** A monitor routed to the integrations, with an incident opened by a failure ping; its id. */
async function failing(user: TestUser, integrationIds: number[]) {
  const m = await seedMonitor(user, { integrationIds });
  expect((await ping(m.ping_token, "/fail")).status).toBe(200);
  const [incident] = await rows<{ id: number }>(
    "SELECT id FROM incidents WHERE cron_monitor_id = ? AND status = 'open'",
    m.id,
  );
  return { monitor: m, incident: incident!.id };
}

const openedAt = (incident: number, at: Date) =>
  testDb().run("UPDATE incidents SET opened_at = ? WHERE id = ?", [at, incident]);
const minutesAgo = (minutes: number, seconds = 0) => new Date(Date.now() - minutes * 60_000 - seconds * 1000);
const after = (at: Date, minutes: number, seconds = 0) =>
  new Date(at.getTime() + minutes * 60_000 + seconds * 1000).toISOString();
const eventsOf = (r: { received: { body: string }[] }) => r.received.map((x) => JSON.parse(x.body).event as string);
const reminderRows = (incident: number) =>
  rows<{ integration_id: number; reminder_seq: number }>(
    "SELECT integration_id, reminder_seq FROM outbox WHERE incident_id = ? AND event = 'incident.reminder' ORDER BY integration_id, reminder_seq",
    incident,
  );

describe("reminders from two looping sweepers", () => {
  it("send exactly one reminder per interval until the incident is acknowledged, and none after", async () => {
    const loops = [0, 1].map(() => startSweep(null, {}, ["--loop", "--interval", "1"]));
    try {
      await Promise.all(loops.map((l) => l.started));
      await remindUntilAcknowledged();
    } finally {
      // Stopped here: later tests stage time themselves, which real-time loops would disturb.
      for (const l of loops) l.child.kill("SIGKILL");
      await Promise.all(loops.map((l) => l.done));
    }
  }, 120_000);
});

/** One incident, its opening moved back interval by interval while the loops run. */
async function remindUntilAcknowledged() {
  const user = await registerUser("remind-loop");
  const r = await receiver();
  const integration = await hook(user, r.base, { events: WITH_REMINDERS, repeat_minutes: 10 });
  const { incident } = await failing(user, [integration.id]);
  await eventually(() => eventsOf(r).includes("incident.opened"), 20_000);
  // Both loops sweep every second: give them several sweeps each before counting.
  const quiet = () => new Promise((res) => setTimeout(res, 4000));

  await openedAt(incident, minutesAgo(10)); // the first interval has just passed
  await eventually(() => eventsOf(r).filter((e) => e === "incident.reminder").length >= 1, 20_000);
  await quiet();
  expect(eventsOf(r)).toEqual(["incident.opened", "incident.reminder"]);

  await openedAt(incident, minutesAgo(20, 5)); // the second
  await eventually(() => eventsOf(r).length >= 3, 20_000);
  await quiet();
  expect(eventsOf(r)).toEqual(["incident.opened", "incident.reminder", "incident.reminder"]);
  const last = JSON.parse(r.received[2]!.body);
  expect(last).toMatchObject({
    event: "incident.reminder",
    incident: { id: incident, status: "open", acknowledged_at: null },
  });
  expect(await reminderRows(incident)).toEqual([
    { integration_id: integration.id, reminder_seq: 1 },
    { integration_id: integration.id, reminder_seq: 2 },
  ]);

  const ack = await call("POST", `/incidents/${incident}/acknowledge`, { token: user.access });
  expect(ack.status).toBe(200);
  await openedAt(incident, minutesAgo(40, 5)); // two more intervals, acknowledged
  await quiet();
  expect(eventsOf(r)).toEqual(["incident.opened", "incident.reminder", "incident.reminder"]);
  expect(await reminderRows(incident)).toHaveLength(2);
}

describe("reminders with two sweepers racing as if at past instants", () => {
  it("write one reminder per interval, only for integrations that chose incident.reminder and repeat, until the incident resolves", async () => {
    const user = await registerUser("remind-race");
    const [reminded, noEvent, noRepeat, unrouted] = await Promise.all([receiver(), receiver(), receiver(), receiver()]);
    const a = await hook(user, reminded.base, { events: WITH_REMINDERS, repeat_minutes: 10 });
    const b = await hook(user, noEvent.base, { repeat_minutes: 10 }); // default events: no reminders
    const c = await hook(user, noRepeat.base, { events: WITH_REMINDERS }); // chose the event, repeats never
    const d = await hook(user, unrouted.base, { events: WITH_REMINDERS, repeat_minutes: 10 }); // not the monitor's
    expect(b.events).not.toContain("incident.reminder");
    expect(c.repeat_minutes).toBeNull();
    const { monitor, incident } = await failing(user, [a.id, b.id, c.id]);
    const opened = new Date(Date.now() - 3 * 3600_000);
    await openedAt(incident, opened);

    const reminders = async () => (await reminderRows(incident)).map((x) => [x.integration_id, x.reminder_seq]);
    const race = async (at: string) => {
      for (const run of await sweepersAtOnce(2, at)) expect(run.code, run.stderr).toBe(0);
    };
    await race(after(opened, 9, 59)); // not yet
    expect(await reminders()).toEqual([]);
    await race(after(opened, 10));
    expect(await reminders()).toEqual([[a.id, 1]]);
    await race(after(opened, 19, 30)); // the same interval
    expect(await reminders()).toEqual([[a.id, 1]]);
    await race(after(opened, 20, 1));
    await race(after(opened, 45)); // two intervals passed unswept: one reminder, the latest
    expect(await reminders()).toEqual([
      [a.id, 1],
      [a.id, 2],
      [a.id, 4],
    ]);

    // Each racing sweeper delivered what was pending when it had swept (a sweep at the real time
    // would find 18 intervals passed, and rightly remind again).
    await eventually(
      () => reminded.received.length >= 4 && noEvent.received.length >= 1 && noRepeat.received.length >= 1,
    );
    expect(eventsOf(reminded)).toEqual([
      "incident.opened",
      "incident.reminder",
      "incident.reminder",
      "incident.reminder",
    ]);
    expect(eventsOf(noEvent)).toEqual(["incident.opened"]);
    expect(eventsOf(noRepeat)).toEqual(["incident.opened"]);
    expect(eventsOf(unrouted)).toEqual([]);
    expect(reminded.received[1]!.headers["x-lifeline-event"]).toBe("incident.reminder");

    expect((await ping(monitor.ping_token)).status).toBe(200); // resolves it
    await race(after(opened, 60));
    expect(await reminders()).toEqual([
      [a.id, 1],
      [a.id, 2],
      [a.id, 4],
    ]);
    await eventually(() => reminded.received.length >= 5);
    expect(eventsOf(reminded).slice(4)).toEqual(["incident.resolved"]);
  }, 300_000); // twelve sweeper processes, slow on a loaded machine

  it("drops a reminder written before the incident was acknowledged instead of sending it", async () => {
    const user = await registerUser("remind-drop");
    const r = await receiver();
    const integration = await hook(user, r.base, { events: WITH_REMINDERS, repeat_minutes: 10 });
    const { incident } = await failing(user, [integration.id]);
    await sweep(null);
    await eventually(() => r.received.length >= 1);
    // A reminder row as a sweep writes it, held by a claim of a worker that does not exist (the
    // server's own delivery hears of new rows at once), then the acknowledgement, then the release.
    await testDb().run(
      `INSERT INTO outbox (org_id, event, cron_monitor_id, incident_id, integration_id, reminder_seq, created_at, claimed_by, claimed_at)
       SELECT org_id, 'incident.reminder', cron_monitor_id, id, ?, 1, ?, 'test-hold', ? FROM incidents WHERE id = ?`,
      [integration.id, new Date(), new Date(), incident],
    );
    expect((await call("POST", `/incidents/${incident}/acknowledge`, { token: user.access })).status).toBe(200);
    await testDb().run(
      "UPDATE outbox SET claimed_by = NULL, claimed_at = NULL WHERE incident_id = ? AND event = 'incident.reminder'",
      [incident],
    );
    await sweep(null);
    await eventually(
      async () =>
        (await rows("SELECT 1 FROM outbox WHERE incident_id = ? AND processed_at IS NULL", incident)).length === 0,
    );
    expect(eventsOf(r)).toEqual(["incident.opened"]);
  });
});

describe("which incidents are reminded", () => {
  it("follows the organization's defaults for a monitor that lists none, and skips snoozed and paused monitors", async () => {
    const user = await registerUser("remind-defaults");
    const r = await receiver();
    const fallback = await call("POST", "/integrations", {
      token: user.access,
      body: {
        name: "default",
        kind: "webhook",
        url: r.base,
        is_default: true,
        events: WITH_REMINDERS,
        repeat_minutes: 10,
      },
    });
    expect(fallback.status).toBe(201);
    const [listsNone, snoozed, paused] = [await failing(user, []), await failing(user, []), await failing(user, [])];
    expect(
      (await call("POST", `/cron-monitors/${snoozed.monitor.id}/snooze`, { token: user.access, body: { minutes: 60 } }))
        .status,
    ).toBe(200);
    await testDb().run("UPDATE cron_monitors SET paused = ? WHERE id = ?", [true, paused.monitor.id]);
    const opened = new Date(Date.now() - 2 * 3600_000);
    for (const x of [listsNone, snoozed, paused]) await openedAt(x.incident, opened);

    expect((await sweep(after(opened, 10, 30))).code).toBe(0);
    expect(await reminderRows(listsNone.incident)).toEqual([
      { integration_id: fallback.body.data.id, reminder_seq: 1 },
    ]);
    expect(await reminderRows(snoozed.incident)).toEqual([]);
    expect(await reminderRows(paused.incident)).toEqual([]);
    await eventually(() => eventsOf(r).filter((e) => e === "incident.reminder").length >= 1);
  });
});

describe("repeat_minutes on the API", () => {
  it("is null by default, set and cleared on both faces, and refused outside 10 to 10080 whole minutes with a 400 keyed by the field", async () => {
    const user = await registerUser("repeat-api");
    const created = await hook(user, "https://receiver.example.test/hook", {});
    expect(created.repeat_minutes).toBeNull();
    const set = await call("PATCH", `/integrations/${created.id}`, {
      token: user.access,
      body: { repeat_minutes: 30 },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.repeat_minutes).toBe(30);
    expect((await call("GET", `/integrations/${created.id}`, { token: user.access })).body.data.repeat_minutes).toBe(
      30,
    );
    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    expect(
      (await trpcQuery(baseUrl(), "integrations.get", { id: created.id }, { cookie })).body.result.data.data
        .repeat_minutes,
    ).toBe(30);
    const cleared = await trpcMutation(
      baseUrl(),
      "integrations.update",
      { id: created.id, repeat_minutes: null },
      { cookie },
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.result.data.data.repeat_minutes).toBeNull();
    const onCreate = await hook(user, "https://receiver.example.test/hook", { repeat_minutes: 10080 });
    expect(onCreate.repeat_minutes).toBe(10080);

    for (const bad of [9, 10081, 15.5, "15", true, -10]) {
      const rest = await call("POST", "/integrations", {
        token: user.access,
        body: { name: "x", kind: "slack", url: "https://hooks.slack.com/x", repeat_minutes: bad },
      });
      expectStandardError(rest, 400, "VALIDATION_ERROR");
      expect(Object.keys(rest.body.error.details), String(bad)).toEqual(["repeat_minutes"]);
      const patch = await call("PATCH", `/integrations/${created.id}`, {
        token: user.access,
        body: { repeat_minutes: bad },
      });
      expectStandardError(patch, 400, "VALIDATION_ERROR");
      const trpc = await trpcMutation(
        baseUrl(),
        "integrations.update",
        { id: created.id, repeat_minutes: bad },
        { cookie },
      );
      expect(trpc.status, String(bad)).toBe(400);
      expect(trpc.body.error.data).toMatchObject({ appCode: "VALIDATION_ERROR" });
      expect(Object.keys(trpc.body.error.data.details)).toEqual(["repeat_minutes"]);
    }
    expect(
      (await call("GET", `/integrations/${created.id}`, { token: user.access })).body.data.repeat_minutes,
    ).toBeNull();
  });

  it("cannot be read or changed by another organization", async () => {
    const [owner, stranger] = await Promise.all([registerUser("repeat-owner"), registerUser("repeat-stranger")]);
    const created = await hook(owner, "https://receiver.example.test/hook", { repeat_minutes: 15 });
    expectStandardError(await call("GET", `/integrations/${created.id}`, { token: stranger.access }), 404, "NOT_FOUND");
    expectStandardError(
      await call("PATCH", `/integrations/${created.id}`, { token: stranger.access, body: { repeat_minutes: 10 } }),
      404,
      "NOT_FOUND",
    );
    const cookie = await dashboardCookie(baseUrl(), stranger.email, stranger.password);
    expect(
      (await trpcMutation(baseUrl(), "integrations.update", { id: created.id, repeat_minutes: null }, { cookie }))
        .status,
    ).toBe(404);
    expect((await call("GET", `/integrations/${created.id}`, { token: owner.access })).body.data.repeat_minutes).toBe(
      15,
    );
  });
});
