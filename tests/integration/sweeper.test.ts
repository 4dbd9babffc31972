import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { call, registerUser } from "../support/http";
import { databaseEnv, databaseKind, testDb } from "../support/db";
import { monitorRow, ping, runRows } from "../support/monitors";
import { eventually, rows, seedMonitor, startReceiver, sweep, sweepersAtOnce } from "../support/sweeper";

const plus = (iso: string, seconds: number) => new Date(new Date(iso).getTime() + seconds * 1000);

describe("the sweeper notices missing pings (spec 3, decisions 3)", () => {
  it("takes a period monitor up -> late -> down (missed run, open missed incident) -> up (incident resolved)", async () => {
    const user = await registerUser("lifecycle");
    const m = await seedMonitor(user, { periodSeconds: 3600, graceSeconds: 300 });
    expect((await ping(m.ping_token)).status).toBe(200);
    const armed = await monitorRow(m.id);
    expect(armed.state).toBe("up");
    const expectedAt: string = armed.next_expected_at;

    // Before the expected time nothing changes.
    const early = await sweep(plus(expectedAt, -60));
    expect(early.code).toBe(0);
    expect((await monitorRow(m.id)).state).toBe("up");

    const late = await sweep(plus(expectedAt, 60));
    expect(late.code).toBe(0);
    expect(await monitorRow(m.id)).toMatchObject({ state: "late", next_expected_at: expectedAt });
    expect(late.report!.counts.late).toBeGreaterThanOrEqual(1);
    expect((await call("GET", `/incidents?cron_monitor=${m.id}`, { token: user.access })).body.data).toEqual([]);

    const down = await sweep(plus(expectedAt, 301));
    expect(down.code).toBe(0);
    const row = await monitorRow(m.id);
    expect(row.state).toBe("down");
    expect(row.last_run_status).toBe("missed");
    expect(row.next_expected_at).toBe(plus(expectedAt, 3600).toISOString().replace("Z", "+00:00"));
    const missed = (await runRows(m.id)).filter((r) => r.status === "missed");
    expect(missed).toHaveLength(1);
    expect(missed[0]!.started_at).toBe(expectedAt);

    const runs = await call("GET", `/cron-monitors/${m.id}/runs?status=missed`, { token: user.access });
    expect(runs.status).toBe(200);
    expect(runs.body.data).toHaveLength(1);
    expect(runs.body.data[0].started_at).toBe(new Date(expectedAt).toISOString().slice(0, 19) + "Z");

    const open = await call("GET", `/incidents?cron_monitor=${m.id}`, { token: user.access });
    expect(open.body.data).toHaveLength(1);
    expect(open.body.data[0]).toMatchObject({
      cron_monitor: m.id,
      service: null,
      kind: "missed",
      status: "open",
      resolved_at: null,
    });

    // Another sweep at the same instant changes nothing: idempotent.
    await sweep(plus(expectedAt, 301));
    expect((await runRows(m.id)).filter((r) => r.status === "missed")).toHaveLength(1);

    expect((await ping(m.ping_token)).status).toBe(200);
    expect((await monitorRow(m.id)).state).toBe("up");
    const resolved = await call("GET", `/incidents/${open.body.data[0].id}`, { token: user.access });
    expect(resolved.body.data.status).toBe("resolved");
    expect(resolved.body.data.resolved_at).toMatch(/Z$/);
  });

  it("expects a cron monitor in Europe/Berlin at the right instants across the spring-forward change", async () => {
    const user = await registerUser("berlin");
    // 09:00 in Berlin: 08:00Z in winter, 07:00Z from 2027-03-28 (clocks go 02:00 CET -> 03:00 CEST).
    const m = await seedMonitor(user, {
      scheduleKind: "cron",
      cronExpression: "0 9 * * *",
      timezone: "Europe/Berlin",
      graceSeconds: 300,
      state: "up",
      nextExpectedAt: new Date("2027-03-27T08:00:00Z"),
    });
    await sweep("2027-03-27T08:06:00Z");
    expect(await monitorRow(m.id)).toMatchObject({ state: "down", next_expected_at: "2027-03-28T07:00:00.000+00:00" });

    await sweep("2027-03-28T07:04:59Z"); // inside the grace of the first summer-time fire: nothing new
    expect((await runRows(m.id)).map((r) => r.started_at)).toEqual(["2027-03-27T08:00:00.000+00:00"]);

    await sweep("2027-03-30T07:05:01Z"); // two more fire times missed at once
    expect((await runRows(m.id)).map((r) => r.started_at)).toEqual([
      "2027-03-27T08:00:00.000+00:00",
      "2027-03-28T07:00:00.000+00:00",
      "2027-03-29T07:00:00.000+00:00",
      "2027-03-30T07:00:00.000+00:00",
    ]);
    expect((await monitorRow(m.id)).next_expected_at).toBe("2027-03-31T07:00:00.000+00:00");
    const incidents = await rows("SELECT kind, status FROM incidents WHERE cron_monitor_id = ?", m.id);
    expect(incidents).toEqual([{ kind: "missed", status: "open" }]);
  });

  it("never changes a paused or a suspended monitor", async () => {
    const user = await registerUser("paused");
    const expected = new Date("2027-06-01T10:00:00Z");
    const paused = await seedMonitor(user, { state: "up", nextExpectedAt: expected, paused: true });
    const suspended = await seedMonitor(user, { state: "up", nextExpectedAt: expected, suspended: true });
    const before = [await monitorRow(paused.id), await monitorRow(suspended.id)];
    const run = await sweep("2027-06-03T10:00:00Z");
    expect(run.code).toBe(0);
    expect([await monitorRow(paused.id), await monitorRow(suspended.id)]).toEqual(before);
    expect([...(await runRows(paused.id)), ...(await runRows(suspended.id))]).toEqual([]);
    expect(await rows("SELECT id FROM incidents WHERE cron_monitor_id IN (?, ?)", paused.id, suspended.id)).toEqual([]);
  });

  it("opens a max_runtime incident when a run stays running past max_runtime_seconds", async () => {
    const user = await registerUser("overrun");
    const m = await seedMonitor(user, { periodSeconds: 86_400, maxRuntimeSeconds: 3600 });
    expect((await ping(m.ping_token, "/start")).status).toBe(200);
    const [run] = await runRows(m.id);
    expect(run!.status).toBe("running");

    await sweep(plus(run!.started_at, 3599));
    expect((await monitorRow(m.id)).state).not.toBe("down");

    const first = await sweep(plus(run!.started_at, 3601));
    expect(first.report!.counts.max_runtime).toBeGreaterThanOrEqual(1);
    expect((await monitorRow(m.id)).state).toBe("down");
    const incidents = await call("GET", `/incidents?cron_monitor=${m.id}`, { token: user.access });
    expect(incidents.body.data).toHaveLength(1);
    expect(incidents.body.data[0]).toMatchObject({ kind: "max_runtime", status: "open" });
    expect(incidents.body.data[0].reason).toContain(run!.rid);

    // Alerted once: a later sweep neither re-opens nor re-reads the run.
    await sweep(plus(run!.started_at, 7200));
    expect(await rows("SELECT id FROM incidents WHERE cron_monitor_id = ?", m.id)).toHaveLength(1);
    expect((await runRows(m.id))[0]).toMatchObject({ status: "running", timed_out: 1 });

    // The run finishing successfully after all resolves the incident.
    expect((await ping(m.ping_token)).status).toBe(200);
    expect((await runRows(m.id))[0]!.status).toBe("success");
    expect(await rows("SELECT status FROM incidents WHERE cron_monitor_id = ?", m.id)).toEqual([
      { status: "resolved" },
    ]);
  });

  it("uses grace_seconds as the run-time cap when max_runtime_seconds is null", async () => {
    const user = await registerUser("overrun-grace");
    const m = await seedMonitor(user, { periodSeconds: 86_400, graceSeconds: 600, maxRuntimeSeconds: null });
    await ping(m.ping_token, "/start");
    const [run] = await runRows(m.id);
    await sweep(plus(run!.started_at, 599));
    expect(await rows("SELECT id FROM incidents WHERE cron_monitor_id = ?", m.id)).toEqual([]);
    await sweep(plus(run!.started_at, 601));
    expect(await rows("SELECT kind FROM incidents WHERE cron_monitor_id = ?", m.id)).toEqual([{ kind: "max_runtime" }]);
  });

  it("lets two sweepers started at once open exactly one incident and record each missed run once", async () => {
    const user = await registerUser("race");
    const raceAt = "2027-07-01T12:10:00Z";
    // Recurring windows left by earlier tests would be moved on to their next run first thing in
    // the racing sweeps, one write transaction each, letting one sweeper write its due page before
    // the other reads: a sweep at the race's instant first moves them all there.
    expect((await sweep(raceAt)).code).toBe(0);
    const expected = new Date("2027-07-01T10:00:00Z");
    const monitors = await Promise.all(
      Array.from({ length: 20 }, () =>
        seedMonitor(user, { state: "up", nextExpectedAt: expected, periodSeconds: 3600 }),
      ),
    );
    // A maintenance window whose start was announced and whose end is still to announce: the
    // sweepers' announcement writes must not come before their read of the due monitors.
    const now = new Date();
    const window = await call("POST", "/maintenance-windows", {
      token: user.access,
      body: {
        title: "Racing",
        starts_at: new Date(now.getTime() - 60_000).toISOString(),
        ends_at: new Date(now.getTime() + 60_000).toISOString(),
        targets: { cron_monitor_ids: [monitors[0]!.id] },
      },
    });
    expect(window.status).toBe(201);
    expect((await sweep(now)).code).toBe(0); // announces its start (or the embedded sweeper did)
    expect(await rows("SELECT announced_phase FROM maintenance_windows WHERE id = ?", window.body.data.id)).toEqual([
      { announced_phase: 1 },
    ]);
    const [a, b] = await sweepersAtOnce(2, raceAt);
    expect([a!.code, b!.code]).toEqual([0, 0]);
    // (Other tests' monitors may be due at that instant too, hence the lower bounds.)
    const [ca, cb] = [a!.report!.counts, b!.report!.counts];
    if (databaseKind() === "sqlite") {
      // Both read the same due monitors before either wrote; the compare-and-swap let one record them.
      expect(Math.min(ca.due, cb.due)).toBeGreaterThanOrEqual(20);
      expect(ca.lost_races + cb.lost_races).toBeGreaterThanOrEqual(20);
    } else {
      // PostgreSQL's sweepers claim rows with locks: between them they saw every due monitor.
      expect(ca.due + cb.due).toBeGreaterThanOrEqual(20);
    }
    for (const m of monitors) {
      expect(await rows("SELECT kind, status FROM incidents WHERE cron_monitor_id = ?", m.id)).toEqual([
        { kind: "missed", status: "open" },
      ]);
      expect((await runRows(m.id)).map((r) => r.started_at)).toEqual([
        "2027-07-01T10:00:00.000+00:00",
        "2027-07-01T11:00:00.000+00:00",
        "2027-07-01T12:00:00.000+00:00",
      ]);
    }
    const ids = monitors.map((m) => m.id).join(",");
    expect(
      await rows(`SELECT COUNT(*) AS n FROM outbox WHERE event = 'incident.opened' AND cron_monitor_id IN (${ids})`),
    ).toEqual([{ n: 20 }]);
  });
});

describe("the embedded sweeper (npm start)", () => {
  it("runs beside the web app: it sweeps on its own and delivers a ping's failure within seconds", async () => {
    // The test server was started exactly like `npm start`: its log shows the loop's own sweeps.
    const log = fs.readFileSync(path.join(inject("dataDir"), "server.log"), "utf8");
    expect(log).toContain('"event":"sweeper.started"');
    const ownSweeps = log
      .split("\n")
      .filter((l) => l.includes('"event":"sweep"'))
      .map((l) => JSON.parse(l))
      // A sweep at the real time, not one of the tests' --now sweeps (`at` is when it finished: it may
      // be a second or so after `now`).
      .filter((r) => Math.abs(Date.parse(r.at) - Date.parse(r.now)) < 60_000);
    expect(ownSweeps.length).toBeGreaterThanOrEqual(1);

    // No sweeper started here: the loop's delivery picks up the outbox row the ping wrote.
    const receiver = await startReceiver();
    try {
      const user = await registerUser("embedded");
      const hook = await call("POST", "/integrations", {
        token: user.access,
        body: { name: "hook", kind: "webhook", url: receiver.url, is_default: true },
      });
      expect(hook.status).toBe(201);
      const m = await seedMonitor(user);
      await ping(m.ping_token, "/fail");
      await eventually(() => receiver.received.length === 1, 15_000);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ event: "incident.opened", monitor: { id: m.id } });
    } finally {
      await receiver.close();
    }
  });
});

describe("the sweeper's bookkeeping", () => {
  it("logs a JSON line as it starts and one per sweep, and records the last sweep for GET /status", async () => {
    const run = await sweep("2027-01-01T00:00:00Z");
    expect(run.code).toBe(0);
    // Delivery lines (and failures of deliveries other tests left behind for receivers long gone, or
    // reminders that this far-future instant makes due) are the deliverer's, not the sweep's.
    const events = run.lines.map((l) => l.event).filter((e) => !String(e).startsWith("delivery"));
    expect(events).toEqual(["sweeper.started", "sweep"]);
    expect(run.lines[0]).toMatchObject({ once: true, now: "2027-01-01T00:00:00Z" });
    expect(run.report).toMatchObject({ now: "2027-01-01T00:00:00Z" });
    expect(Object.keys(run.report!.counts)).toEqual(
      expect.arrayContaining([
        "due",
        "late",
        "missed",
        "missed_runs",
        "max_runtime",
        "incidents_opened",
        "lost_races",
        "runs_deleted",
      ]),
    );
    const status = await call("GET", "/status");
    expect(status.status).toBe(200);
    const last = status.body.data.last_sweep;
    expect(last.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.now() - new Date(last.at).getTime()).toBeLessThan(60_000);
    expect(typeof last.duration_ms).toBe("number");
    expect(typeof last.counts.due).toBe("number");
  });

  it("deletes runs and their logs older than 90 days, and keeps younger ones", async () => {
    const user = await registerUser("housekeeping");
    const m = await seedMonitor(user, { periodSeconds: 3600 });
    await ping(m.ping_token, "", { body: "old output" });
    await ping(m.ping_token, "", { body: "new output" });
    const [old, young] = await runRows(m.id);
    await testDb().run("UPDATE cron_runs SET started_at = ? WHERE id = ?", [
      new Date(Date.now() - 91 * 86_400_000),
      old!.id,
    ]);
    await testDb().run("UPDATE cron_runs SET started_at = ? WHERE id = ?", [
      new Date(Date.now() - 89 * 86_400_000),
      young!.id,
    ]);
    const run = await sweep(new Date());
    expect(run.report!.counts.runs_deleted).toBeGreaterThanOrEqual(1);
    expect((await runRows(m.id)).map((r) => r.id)).toEqual([young!.id]);
    expect(await rows("SELECT run_id FROM cron_run_logs WHERE run_id IN (?, ?)", old!.id, young!.id)).toEqual([
      { run_id: young!.id },
    ]);
  });

  it("refuses --now with a value that is not an instant", async () => {
    const run = await sweep("yesterday-ish");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("not an ISO 8601 instant");
  });

  it("refuses a --now in the future without --force, and changes nothing", async () => {
    const user = await registerUser("sweep-future");
    const m = await seedMonitor(user, { state: "up", nextExpectedAt: new Date(Date.now() + 600_000) });
    const future = new Date(Date.now() + 7_200_000).toISOString();
    const refused = spawnSync(process.execPath, ["--import", "tsx", "scripts/sweep.ts", "--now", future], {
      env: { ...process.env, ...databaseEnv(), NODE_ENV: "test" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`--now/SWEEP_NOW ${future} is in the future`);
    expect(refused.stderr).toContain("--force");
    expect(refused.stdout).not.toContain('"event":"sweep"');
    expect((await monitorRow(m.id)).state).toBe("up");
    expect(await runRows(m.id)).toEqual([]);
    // The same instant with --force (what the tests' sweeps pass) sweeps there.
    const forced = await sweep(future);
    expect(forced.code).toBe(0);
    expect((await monitorRow(m.id)).state).toBe("down");
  });

  it("never leaves an incident resolved before it opened: a ping after a sweep run as if later resolves it at its opening", async () => {
    const user = await registerUser("sweep-ahead");
    const m = await seedMonitor(user, {
      state: "up",
      graceSeconds: 60,
      nextExpectedAt: new Date(Date.now() - 3_600_000),
    });
    const ahead = new Date(Date.now() + 3_600_000); // a sweeper whose clock (or --now --force) runs an hour ahead
    expect((await sweep(ahead)).code).toBe(0);
    const [open] = await rows<{ id: number; opened_at: string }>(
      "SELECT id, opened_at FROM incidents WHERE cron_monitor_id = ? AND status = 'open'",
      m.id,
    );
    expect(new Date(open!.opened_at).getTime()).toBe(ahead.getTime());
    expect((await ping(m.ping_token)).status).toBe(200); // now, an hour before that opening
    const incident = (await call("GET", `/incidents/${open!.id}`, { token: user.access })).body.data;
    expect(incident.status).toBe("resolved");
    expect(Date.parse(incident.resolved_at)).toBeGreaterThanOrEqual(Date.parse(incident.opened_at));
    expect(incident.resolved_at).toBe(incident.opened_at);
  });

  it("takes SWEEP_NOW from the environment", async () => {
    const user = await registerUser("sweep-now");
    const m = await seedMonitor(user, { state: "up", nextExpectedAt: new Date("2027-08-01T10:00:00Z") });
    const run = await sweep(null, { SWEEP_NOW: "2027-08-01T10:01:00Z" });
    expect(run.code).toBe(0);
    expect((await monitorRow(m.id)).state).toBe("late");
  });
});
