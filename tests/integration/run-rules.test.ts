import { afterAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { testDb } from "../support/db";
import { createMonitor, ping, uuid } from "../support/monitors";
import { eventually, sweep } from "../support/sweeper";
import { startKindReceiver } from "../support/kind-receiver";
import { privateProbe } from "../support/probes";
import { setPlan } from "../support/projects";
import { startPingServer } from "../support/ping-server";

// Run rules through real pings, reported events and real sweeps (docs/api-cron-monitors.md, "Run rules").

const report = (user: TestUser, id: number, body: Record<string, unknown>) =>
  call("POST", `/cron-monitors/${id}/events`, { token: user.access, body });

/** A run of its own: a start then its completion, back to back (well under any minimum runtime). */
async function run(user: TestUser, id: number, event: "success" | "fail", log?: string) {
  const rid = uuid();
  expect((await report(user, id, { event: "start", rid })).status).toBe(202);
  expect((await report(user, id, { event, rid, ...(log ? { log } : {}) })).status).toBe(202);
  return rid;
}

const incidents = (monitorId: number) =>
  testDb().query<{ id: number; kind: string; reason: string; status: string }>(
    `SELECT id, kind, reason, status FROM incidents WHERE cron_monitor_id = ? ORDER BY id`,
    [monitorId],
  );
const notifications = (monitorId: number, event: string) =>
  testDb().query(`SELECT id FROM outbox WHERE cron_monitor_id = ? AND event = ?`, [monitorId, event]);

describe("run rules on cron monitors", () => {
  it("refuses a rule out of range on both faces with the field named", async () => {
    const user = await registerUser("rules-refused");
    const answer = await call("POST", "/cron-monitors", {
      token: user.access,
      body: { name: "x", schedule_kind: "period", period_seconds: 3600, failure_threshold: 0 },
    });
    expectStandardError(answer, 400, "VALIDATION_ERROR");
    expect(JSON.stringify(answer.body)).toContain("failure_threshold");
    const monitor = await createMonitor(user);
    const patched = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: user.access,
      body: { failure_keywords: ["ok", ""] },
    });
    expectStandardError(patched, 400, "VALIDATION_ERROR");
  });

  it("a run shorter than its minimum runtime fails flagged too_short, opens one incident and notifies once", async () => {
    const user = await registerUser("rules-short");
    const monitor = await createMonitor(user, { min_runtime_seconds: 60 });
    expect(monitor).toMatchObject({ min_runtime_seconds: 60, failure_threshold: null, failures_counted: null });
    const rid = await run(user, monitor.id, "success");
    const shown = (await call("GET", `/cron-monitors/${monitor.id}/runs/${rid}`, { token: user.access })).body.data;
    expect(shown).toMatchObject({ status: "fail", flag: "too_short", flag_detail: null });
    expect(await incidents(monitor.id)).toMatchObject([{ kind: "too_short", status: "open" }]);
    expect(await notifications(monitor.id, "incident.opened")).toHaveLength(1);
    const flagged = await call("GET", `/cron-monitors/${monitor.id}/runs?flag=too_short`, { token: user.access });
    expect(flagged.body.data.map((r: { rid: string }) => r.rid)).toEqual([rid]);
    const none = await call("GET", `/cron-monitors/${monitor.id}/runs?flag=too_many_runs`, { token: user.access });
    expect(none.body.data).toEqual([]);
  });

  it("the 4th run within an hour against a maximum of 3 opens one too_many_runs incident", async () => {
    const user = await registerUser("rules-many");
    const monitor = await createMonitor(user, { max_runs_per_period: 3, runs_period_seconds: 3600 });
    for (let i = 0; i < 3; i++) await run(user, monitor.id, "success");
    expect(await incidents(monitor.id)).toEqual([]);
    const fourth = await run(user, monitor.id, "success");
    const shown = (await call("GET", `/cron-monitors/${monitor.id}/runs/${fourth}`, { token: user.access })).body.data;
    expect(shown).toMatchObject({ status: "fail", flag: "too_many_runs" });
    expect(await incidents(monitor.id)).toMatchObject([{ kind: "too_many_runs", status: "open" }]);
    expect(await notifications(monitor.id, "incident.opened")).toHaveLength(1);
  });

  it("1 run by the end of a period that expects 2 opens one too_few_runs incident at the period's end, once across sweeps", async () => {
    const user = await registerUser("rules-few");
    const monitor = await createMonitor(user, { expected_runs_per_period: 2, runs_period_seconds: 3600 });
    await run(user, monitor.id, "success");
    const [due] = await testDb().query<{ runs_due_at: string }>(`SELECT runs_due_at FROM cron_monitors WHERE id = ?`, [
      monitor.id,
    ]);
    const end = new Date(due!.runs_due_at);
    await sweep(new Date(end.getTime() - 1000));
    expect(await incidents(monitor.id)).toEqual([]);
    await Promise.all([sweep(new Date(end.getTime() + 1000)), sweep(new Date(end.getTime() + 1000))]);
    const opened = await incidents(monitor.id);
    expect(opened).toMatchObject([
      { kind: "too_few_runs", reason: "1 run in the 3600 s period that ended, 2 expected", status: "open" },
    ]);
    expect(await notifications(monitor.id, "incident.opened")).toHaveLength(1);
  });

  it("3 failures against a threshold of 3 open on the third; 2 successes against a recovery of 2 resolve on the second", async () => {
    const user = await registerUser("rules-threshold");
    const monitor = await createMonitor(user, { failure_threshold: 3, recovery_threshold: 2 });
    const read = async () => (await call("GET", `/cron-monitors/${monitor.id}`, { token: user.access })).body.data;
    await run(user, monitor.id, "fail");
    await run(user, monitor.id, "fail");
    expect(await incidents(monitor.id)).toEqual([]);
    expect((await read()).failures_counted).toBe(2);
    await run(user, monitor.id, "fail");
    expect(await incidents(monitor.id)).toMatchObject([
      { kind: "threshold", reason: "3 consecutive failures", status: "open" },
    ]);
    await run(user, monitor.id, "success");
    expect(await incidents(monitor.id)).toMatchObject([{ status: "open" }]);
    await run(user, monitor.id, "success");
    expect(await incidents(monitor.id)).toMatchObject([{ status: "resolved" }]);
    expect(await notifications(monitor.id, "incident.opened")).toHaveLength(1);
    expect(await notifications(monitor.id, "incident.resolved")).toHaveLength(1);
    expect((await read()).failures_counted).toBe(0);
  });

  it("missed runs count towards the failure threshold", async () => {
    const user = await registerUser("rules-missed");
    const monitor = await createMonitor(user, { failure_threshold: 2, period_seconds: 60, grace_seconds: 60 });
    await run(user, monitor.id, "fail");
    expect(await incidents(monitor.id)).toEqual([]);
    await sweep(new Date(Date.now() + 150_000));
    expect(await incidents(monitor.id)).toMatchObject([{ kind: "threshold", reason: "2 consecutive failures" }]);
  });

  it("a too-short run's notification names its reason and the run's flag: the webhook's payload and Slack's text", async () => {
    const receiver = await startKindReceiver(() => ({ status: 200, body: '{"ok":true}' }));
    try {
      const user = await registerUser("rules-notified");
      const integration = async (body: Record<string, unknown>) => {
        const res = await call("POST", "/integrations", { token: user.access, body });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.data.id as number;
      };
      const hook = await integration({ name: "hook", kind: "webhook", url: `${receiver.base}/hook` });
      const slack = await integration({ name: "chat", kind: "slack", config: { url: `${receiver.base}/slack` } });
      const monitor = await createMonitor(user, { min_runtime_seconds: 60, integration_ids: [hook, slack] });
      await run(user, monitor.id, "success");
      await sweep(null);
      await eventually(() => receiver.received.length >= 2);
      const seen = (path: string) => JSON.parse(receiver.received.find((r) => r.path === path)!.body);
      const payload = seen("/hook");
      expect(payload).toMatchObject({
        event: "incident.opened",
        incident: {
          kind: "too_short",
          reason: expect.stringMatching(/^The run took [\d.]+ s, shorter than its 60 s minimum$/),
        },
        run: { status: "fail", flag: "too_short", flag_detail: null },
      });
      const text = JSON.stringify(seen("/slack"));
      expect(text).toContain(payload.incident.reason);
      expect(text).toContain("Last run: fail, flagged too short");
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it("a success ping whose body contains ERROR fails its run, naming the keyword", async () => {
    const user = await registerUser("rules-keyword");
    const monitor = await createMonitor(user, { failure_keywords: ["ERROR"] });
    expect((await ping(monitor.ping_token, "", { body: "copied 3 files\nerror: disk full\n" })).status).toBe(200);
    const runs = (await call("GET", `/cron-monitors/${monitor.id}/runs`, { token: user.access })).body.data;
    expect(runs).toMatchObject([{ status: "fail", flag: "failure_keyword", flag_detail: "ERROR" }]);
    expect(await incidents(monitor.id)).toMatchObject([
      { kind: "failure_keyword", reason: 'The run\'s log contains the failure keyword "ERROR"' },
    ]);
    expect(await notifications(monitor.id, "incident.opened")).toHaveLength(1);
  });

  it("rules removed leave the monitor judged as before", async () => {
    const user = await registerUser("rules-removed");
    const monitor = await createMonitor(user, { failure_threshold: 3, min_runtime_seconds: 60 });
    const patched = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: user.access,
      body: { failure_threshold: null, min_runtime_seconds: null },
    });
    expect(patched.body.data).toMatchObject({ failure_threshold: null, min_runtime_seconds: null });
    const [row] = await testDb().query<{ run_rules: string | null }>(
      `SELECT run_rules FROM cron_monitors WHERE id = ?`,
      [monitor.id],
    );
    expect(row!.run_rules).toBeNull();
    await run(user, monitor.id, "fail");
    expect(await incidents(monitor.id)).toMatchObject([{ kind: "failed" }]);
  });

  it("a service goes down after its own failure threshold of checks, and back up after its recovery threshold", async () => {
    const owner = await registerUser("rules-service");
    await setPlan(owner, "enterprise"); // private probes
    const probe = await privateProbe(owner, "rules");
    const created = await call("POST", "/services", {
      token: owner.access,
      body: {
        name: "checked",
        type: "tcp",
        config: { host: "127.0.0.1", port: 9 },
        interval: 10,
        probe_ids: [probe.id],
        failure_threshold: 1,
        recovery_threshold: 2,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ failure_threshold: 1, recovery_threshold: 2 });
    const id = created.body.data.id as number;
    // The test is the probe: it leases the service's check and reports it (no traffic leaves the test).
    const report = async (outcome: "up" | "down") => {
      const slot = (
        await testDb().query<{ slot: number }>(`SELECT slot FROM service_lanes WHERE service_id = ?`, [id])
      )[0]!.slot;
      await testDb().run(`UPDATE service_lanes SET leasable_at = ? WHERE service_id = ?`, [new Date(0), id]);
      const lease = await call("POST", "/probe/leases", { headers: { "X-Auth": probe.token }, body: { max: 5 } });
      expect(lease.body.data).toMatchObject([{ service_id: id, slot }]);
      const result = { service_id: id, lane: probe.id, slot, outcome, reason: outcome === "down" ? "refused" : null };
      const res = await call("POST", "/probe/results", {
        headers: { "X-Auth": probe.token },
        body: {
          results: [{ ...result, status_code: null, response_time_ms: 1, started_at: new Date().toISOString() }],
        },
      });
      expect(res.body.data.accepted).toBe(1);
      return (await call("GET", `/services/${id}/status`, { token: owner.access })).body.data.status as string;
    };
    const serviceIncidents = () =>
      testDb().query<{ status: string }>(`SELECT status FROM incidents WHERE service_id = ?`, [id]);
    expect(await report("down")).toBe("down");
    expect(await serviceIncidents()).toMatchObject([{ status: "open" }]);
    expect(await report("up")).toBe("down");
    expect(await report("up")).toBe("operational");
    expect(await serviceIncidents()).toMatchObject([{ status: "resolved" }]);
  });

  it("failures through two ingest processes at once open one threshold incident and notify once", async () => {
    const server = await startPingServer();
    children.push(server.child);
    const user = await registerUser("rules-two-ingest");
    const monitor = await createMonitor(user, { failure_threshold: 2 });
    const answers = await Promise.all([
      ping(monitor.ping_token, "/fail"),
      ping(`${server.url}/${monitor.ping_token}/fail`),
      ping(monitor.ping_token, "/fail"),
      ping(`${server.url}/${monitor.ping_token}/fail`),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await incidents(monitor.id)).toMatchObject([{ kind: "threshold", status: "open" }]);
    expect(await notifications(monitor.id, "incident.opened")).toHaveLength(1);
  });
});

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGTERM");
});
