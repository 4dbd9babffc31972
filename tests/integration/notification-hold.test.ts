import type Database from "better-sqlite3";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFromConfig, runCheck } from "../../src/server/checks";
import { checkRules } from "../../src/server/checks/rules";
import { storedResult } from "../../src/server/checks/stored-result";
import { eventPlanner } from "../../src/server/ping/planner";
import { sweeperOn } from "../../src/server/sweep/open";
import type { HoldRule, IncidentNotice, IncidentSubject } from "../../src/server/domain/incidents";
import type { RunEvent } from "../../src/server/storage/ping-store";
import { createPgCheckStore, createSqliteCheckStore } from "../../src/server/storage/check-store";
import { openPgPool } from "../../src/server/storage/postgres/pool";
import { createPgPingStore } from "../../src/server/storage/postgres/ping-store";
import { openSqlite } from "../../src/server/storage/sqlite/connection";
import { createSqlitePingStore } from "../../src/server/storage/sqlite/ping-store";
import { databaseKind, databaseUrl, rows, testDb } from "../support/db";
import { call, registerUser, type TestUser } from "../support/http";
import { createMonitor } from "../support/monitors";
import { privateProbe, startTarget } from "../support/probes";
import { setPlan } from "../support/projects";
import { seedMonitor } from "../support/sweeper";

// A notification rule swapped in: every path that opens an incident (a ping, a sweep, a probe
// result) asks the one incident-decision module (domain/incidents.ts), through the planner or rules
// its room gives the stores (ping/planner.ts, sweep/rules.ts, checks/rules.ts), so a "hold" rule
// given to them is honoured everywhere. The stores are built in this process, exactly as a process builds
// its own, on the test server's real database; the rule holds the notifications of one organization
// and records what it was asked. The incident is still recorded; no outbox row is written.
let held: TestUser;
let other: TestUser;
let heldOrg: number;
const asked: { subject: IncidentSubject; notice: IncidentNotice }[] = [];
const holdOneOrg: HoldRule = (subject, notice) => {
  asked.push({ subject, notice });
  return subject.orgId === heldOrg ? "hold" : "notify";
};
const rules = [holdOneOrg];

const sqlite: Database.Database[] = [];
const pools: Pool[] = [];
function stores() {
  if (databaseKind() === "sqlite") {
    const db = openSqlite(databaseUrl().replace(/^file:/, ""));
    sqlite.push(db);
    return {
      ping: createSqlitePingStore(db, eventPlanner(rules)),
      sweeper: sweeperOn({ kind: "sqlite", db }, () => {}, { notificationRules: rules }),
      checks: createSqliteCheckStore(db, checkRules(rules)),
    };
  }
  const pool = openPgPool(databaseUrl(), 2);
  pools.push(pool);
  return {
    ping: createPgPingStore(pool, eventPlanner(rules)),
    sweeper: sweeperOn({ kind: "postgresql", pool }, () => {}, { notificationRules: rules }),
    checks: createPgCheckStore(pool, checkRules(rules)),
  };
}
let store: ReturnType<typeof stores>;

const orgOf = async (user: TestUser) =>
  (await testDb().one<{ id: number }>("SELECT id FROM organizations WHERE slug = ?", [user.orgSlug]))!.id;
const outboxOfMonitor = (id: number) =>
  rows<{ event: string }>("SELECT event FROM outbox WHERE cron_monitor_id = ? ORDER BY id", id);
const outboxOfService = (id: number) =>
  rows<{ event: string }>("SELECT event FROM outbox WHERE service_id = ? ORDER BY id", id);
const incidentsOfMonitor = (id: number) =>
  rows("SELECT kind, status, reason FROM incidents WHERE cron_monitor_id = ? ORDER BY id", id);

beforeAll(async () => {
  [held, other] = await Promise.all([registerUser("held"), registerUser("notified")]);
  heldOrg = await orgOf(held);
  store = stores();
});
afterAll(async () => {
  sqlite.forEach((db) => db.close());
  await Promise.all(pools.map((p) => p.end()));
});

const failure = (token: string, now = new Date()): RunEvent => ({
  target: { token },
  kind: "fail",
  exitCode: 1,
  rid: null,
  log: null,
  source: "shell",
  meta: null,
  rateCapped: true,
  now,
});
const success = (token: string): RunEvent => ({ ...failure(token), kind: "success", exitCode: 0 });

describe("a hold rule given to the ping store", () => {
  it("records a failure ping's incident without an outbox row, and holds its resolution too; another organization is notified", async () => {
    const [mine, theirs] = await Promise.all([createMonitor(held), createMonitor(other)]);
    expect((await store.ping.record(failure(mine.ping_token))).outcome).toBe("accepted");
    expect((await store.ping.record(failure(theirs.ping_token))).outcome).toBe("accepted");
    expect(await incidentsOfMonitor(mine.id)).toEqual([
      { kind: "failed", status: "open", reason: "The job reported a failure" },
    ]);
    expect(await outboxOfMonitor(mine.id)).toEqual([]);
    expect(await outboxOfMonitor(theirs.id)).toEqual([{ event: "incident.opened" }]);
    expect(asked).toContainEqual({
      subject: {
        type: "cron_monitor",
        id: mine.id,
        orgId: heldOrg,
        snoozedUntil: null,
        maintenanceUntil: null,
        parentIncidentId: null,
      },
      notice: { event: "incident.opened", kind: "failed", reason: "The job reported a failure" },
    });

    await store.ping.record(success(mine.ping_token));
    await store.ping.record(success(theirs.ping_token));
    expect(await incidentsOfMonitor(mine.id)).toMatchObject([{ kind: "failed", status: "resolved" }]);
    expect(await outboxOfMonitor(mine.id)).toEqual([]);
    expect(await outboxOfMonitor(theirs.id)).toEqual([{ event: "incident.opened" }, { event: "incident.resolved" }]);
  });
});

describe("a hold rule given to the sweeper", () => {
  it("records a missed ping's incident without an outbox row; another organization is notified", async () => {
    const now = new Date();
    const expected = new Date(now.getTime() - 2 * 3600_000);
    const [mine, theirs] = await Promise.all([
      seedMonitor(held, { state: "up", nextExpectedAt: expected, graceSeconds: 60 }),
      seedMonitor(other, { state: "up", nextExpectedAt: expected, graceSeconds: 60 }),
    ]);
    const report = await store.sweeper.sweep(now);
    expect(report.counts.incidents_opened).toBeGreaterThanOrEqual(2);
    const incidents = await incidentsOfMonitor(mine.id);
    expect(incidents).toEqual([
      { kind: "missed", status: "open", reason: expect.stringMatching(/^No ping arrived within the grace period/) },
    ]);
    expect(await outboxOfMonitor(mine.id)).toEqual([]);
    expect(await incidentsOfMonitor(theirs.id)).toMatchObject([{ kind: "missed", status: "open" }]);
    expect(await outboxOfMonitor(theirs.id)).toEqual([{ event: "incident.opened" }]);
  });

  it("records an overrunning run's incident without an outbox row; another organization is notified", async () => {
    const [mine, theirs] = await Promise.all([
      seedMonitor(held, { state: "up", graceSeconds: 60, maxRuntimeSeconds: 60 }),
      seedMonitor(other, { state: "up", graceSeconds: 60, maxRuntimeSeconds: 60 }),
    ]);
    const started = new Date(Date.now() - 600_000);
    for (const m of [mine, theirs])
      await store.ping.record({ ...failure(m.ping_token, started), kind: "start", exitCode: null, rateCapped: false });
    await store.sweeper.sweep(new Date());
    expect(await incidentsOfMonitor(mine.id)).toMatchObject([{ kind: "max_runtime", status: "open" }]);
    expect(await outboxOfMonitor(mine.id)).toEqual([]);
    expect(await incidentsOfMonitor(theirs.id)).toMatchObject([{ kind: "max_runtime", status: "open" }]);
    expect(await outboxOfMonitor(theirs.id)).toEqual([{ event: "incident.opened" }]);
  });
});

describe("a hold rule given to the check store", () => {
  let target: Awaited<ReturnType<typeof startTarget>>;
  beforeAll(async () => {
    target = await startTarget("error");
    await Promise.all([setPlan(held, "enterprise"), setPlan(other, "enterprise")]);
  });
  afterAll(() => target.close());

  /** A service on a private probe of the user's own (no probe process runs it: only this test reports). */
  async function serviceOnPrivateProbe(user: TestUser) {
    const probe = await privateProbe(user, `lane-${user.orgSlug}`);
    const config = { url: target.url, expected_status_code: 200, timeout: 5 };
    const res = await call("POST", "/services", {
      token: user.access,
      body: { name: "api", type: "http", config, interval: 60, probe_ids: [probe.id] },
    });
    expect(res.status).toBe(201);
    return { id: res.body.data.id as number, probe: probe.id, config };
  }

  /** Checks the loopback target now (two failures in a row confirm `down`) and records each result. */
  async function checkTwice(s: { id: number; probe: number; config: Record<string, unknown> }) {
    for (let i = 0; i < 2; i++) {
      const result = await runCheck(checkFromConfig("http", s.config), { policy: null });
      expect(result).toMatchObject({ outcome: "down", statusCode: 500 });
      const outcomes = await store.checks.record(
        s.probe,
        [storedResult({ serviceId: s.id, lane: s.probe, slot: null }, result)],
        new Date(),
      );
      expect(outcomes).toEqual([{ accepted: true }]);
    }
  }

  it("records a failing check's incident without an outbox row; another organization is notified", async () => {
    const [mine, theirs] = await Promise.all([serviceOnPrivateProbe(held), serviceOnPrivateProbe(other)]);
    await checkTwice(mine);
    await checkTwice(theirs);
    expect(await rows("SELECT status FROM services WHERE id IN (?, ?)", mine.id, theirs.id)).toEqual([
      { status: "down" },
      { status: "down" },
    ]);
    expect(await rows("SELECT kind, status FROM incidents WHERE service_id = ?", mine.id)).toEqual([
      { kind: "service_down", status: "open" },
    ]);
    expect(await outboxOfService(mine.id)).toEqual([]);
    expect(await rows("SELECT kind, status FROM incidents WHERE service_id = ?", theirs.id)).toEqual([
      { kind: "service_down", status: "open" },
    ]);
    expect(await outboxOfService(theirs.id)).toEqual([{ event: "incident.opened" }]);
    expect(asked).toContainEqual({
      subject: {
        type: "service",
        id: mine.id,
        orgId: heldOrg,
        snoozedUntil: null,
        maintenanceUntil: null,
        parentIncidentId: null,
      },
      notice: { event: "incident.opened", kind: "service_down", reason: "unexpected status 500" },
    });
  });
});
