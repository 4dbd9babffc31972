import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type Database from "better-sqlite3";
import { openSqlite } from "../../src/server/storage/sqlite/connection";
import { createDelivery } from "../../src/server/notify/deliver";
import { sqliteRunner } from "../../src/server/storage/sqlite/runner";
import { addCounts, emptyCounts } from "../../src/shared/sweep-counts";
import { applyDueChanges } from "../../src/server/storage/sqlite/sweep-writes";
import { prepareSweepStatements, type DueMonitorRow } from "../../src/server/storage/sqlite/sweep-statements";
import { dueChanges } from "../../src/server/sweep/due-monitors";
import { sweepRules } from "../../src/server/sweep/rules";
import { sweeperOn } from "../../src/server/sweep/open";
import { databaseKind } from "../support/db";
import { baseUrl, call, registerUser } from "../support/http";
import { monitorRow, ping, runRows } from "../support/monitors";
import { eventually, rows, seedMonitor, startReceiver } from "../support/sweeper";

// The delivery workers below run in this test process and send to a receiver on loopback, which the
// outbound guard refuses unless private targets are allowed (as they are for the test servers).
process.env.OUTBOUND_ALLOW_PRIVATE = "true";

// Two sweepers interleaved step by step, each on its own connection to the server's real database:
// sweeper A reads the due monitors, sweeper B (or a ping) changes them, then A writes. A's
// compare-and-swap updates must find nothing to do, and nothing may be recorded twice.
const connections: Database.Database[] = [];
const connect = () => {
  const db = openSqlite(path.join(inject("dataDir"), "lifeline.db"));
  connections.push(db);
  return db;
};
afterAll(() => connections.forEach((c) => c.close()));

function readDue(db: Database.Database, now: Date, ids: number[]): DueMonitorRow[] {
  const s = prepareSweepStatements(db);
  const due = s.dueFirstPage.all({ now: now.toISOString().replace("Z", "+00:00"), limit: 100_000 }) as DueMonitorRow[];
  return due.filter((r) => ids.includes(r.id));
}

// These drive the SQLite sweeper's own statements in-process, step by step.
describe.runIf(databaseKind() === "sqlite")("sweepers racing over the same monitors", () => {
  it("lets the slower sweeper lose every compare-and-swap without recording anything twice", async () => {
    const user = await registerUser("cas");
    const now = new Date("2027-09-01T12:10:00Z");
    const down = await Promise.all(
      Array.from({ length: 5 }, () =>
        seedMonitor(user, { state: "up", nextExpectedAt: new Date("2027-09-01T10:00:00Z") }),
      ),
    );
    const late = await seedMonitor(user, { state: "up", nextExpectedAt: new Date("2027-09-01T12:08:00Z") });
    const ids = [...down, late].map((m) => m.id);

    const a = connect();
    const counts = emptyCounts();
    const changes = dueChanges(readDue(a, now, ids), sweepRules(), now, counts, () => {});
    expect(changes.map((c) => c.kind).sort()).toEqual(["down", "down", "down", "down", "down", "late"]);

    await sweeperOn({ kind: "sqlite", db: connect() }).sweep(now); // sweeper B gets there first
    addCounts(counts, applyDueChanges(a, prepareSweepStatements(a), changes, now));

    expect(counts).toMatchObject({ lost_races: 6, missed: 0, late: 0, missed_runs: 0, incidents_opened: 0 });
    for (const m of down) {
      expect((await runRows(m.id)).map((r) => r.status)).toEqual(["missed", "missed", "missed"]);
      expect(await rows("SELECT kind FROM incidents WHERE cron_monitor_id = ?", m.id)).toEqual([{ kind: "missed" }]);
    }
    expect((await monitorRow(late.id)).state).toBe("late");
  });

  it("lets a ping that arrives between the sweeper's read and write win", async () => {
    const user = await registerUser("ping-wins");
    const m = await seedMonitor(user, { periodSeconds: 3600 });
    await ping(m.ping_token);
    const expectedAt = new Date((await monitorRow(m.id)).next_expected_at);
    const now = new Date(expectedAt.getTime() + 3600_000);

    const a = connect();
    const counts = emptyCounts();
    const changes = dueChanges(readDue(a, now, [m.id]), sweepRules(), now, counts, () => {});
    expect(changes).toHaveLength(1);
    expect((await ping(m.ping_token)).status).toBe(200); // the job reports in meanwhile
    addCounts(counts, applyDueChanges(a, prepareSweepStatements(a), changes, now));

    expect(counts.lost_races).toBe(1);
    expect((await monitorRow(m.id)).state).toBe("up");
    expect((await runRows(m.id)).map((r) => r.status)).toEqual(["success", "success"]);
    expect(await rows("SELECT id FROM incidents WHERE cron_monitor_id = ?", m.id)).toEqual([]);
  });

  it("lets two delivery workers at once send each event exactly once", async () => {
    const receiver = await startReceiver();
    try {
      const user = await registerUser("claims");
      const created = await call("POST", "/integrations", {
        token: user.access,
        body: { name: "hook", kind: "webhook", url: receiver.url, is_default: true },
      });
      expect(created.status).toBe(201);
      const monitors = await Promise.all(
        Array.from({ length: 12 }, () =>
          seedMonitor(user, { state: "up", nextExpectedAt: new Date("2027-09-02T10:00:00Z") }),
        ),
      );
      const sweeper = sweeperOn({ kind: "sqlite", db: connect() });
      await sweeper.sweep(new Date("2027-09-02T10:06:00Z"));
      const options = { appUrl: baseUrl(), smtpUrl: null, smtpFrom: "x@example.test", backoffMs: 100 };
      await Promise.all([
        createDelivery(sqliteRunner(connect()), options).deliverPending(),
        createDelivery(sqliteRunner(connect()), options).deliverPending(),
      ]);

      await eventually(() => receiver.received.length >= monitors.length);
      await new Promise((r) => setTimeout(r, 2500)); // the server's own sweeper polls every 2 s: give it the chance to resend
      const ids = receiver.received.map((r) => JSON.parse(r.body).event_id as number);
      expect(ids).toHaveLength(monitors.length);
      expect(new Set(ids).size).toBe(monitors.length);
      const monitorIds = receiver.received.map((r) => JSON.parse(r.body).monitor.id as number).sort((x, y) => x - y);
      expect(monitorIds).toEqual(monitors.map((m) => m.id));
    } finally {
      await receiver.close();
    }
  });
});
