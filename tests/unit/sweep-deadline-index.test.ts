import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, testPgServer, type PgServer } from "../support/pg-database";

/**
 * The looping sweeper's next deadline on both engines, on freshly migrated databases: the instant
 * (late at E for new and up monitors, down at E + grace otherwise) of armed, unfolded monitors only,
 * read through the expression index even among 20,000 monitors; and on PostgreSQL, a committed
 * outbox row notifies the listening delivery workers.
 */
const base = Date.parse("2027-03-01T12:00:00.000Z");
const at = (seconds: number) => new Date(base + seconds * 1000);
/** [state, E (seconds after base), grace, paused]; the earliest deadline after base is E + grace of the down one. */
const monitors: [string, number | null, number, boolean][] = [
  ["up", 100, 30, false], // late at +100
  ["late", -20, 45, false], // down at +25
  ["down", -50, 60, false], // down again at +10
  ["new", 40, 300, true], // paused: never
  ["up", null, 30, false], // not armed: never
  ["up", -5, 30, false], // late at -5: before `after`
];

describe("the next deadline on SQLite", () => {
  let db: Database.Database;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-deadline-"));
    const { migrate } = await import("../../src/server/migrate");
    await migrate(`file:${path.join(dir, "lifeline.db")}`);
    db = new Database(path.join(dir, "lifeline.db"));
    db.prepare(`INSERT INTO organizations (id, slug, name, plan) VALUES (1, 'acme', 'Acme', 'free')`).run();
    const insert = db.prepare(
      `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, grace_seconds, paused, state, next_expected_at, ping_token, updated_at)
       VALUES (1, ?, 'period', 60, ?, ?, ?, ?, ?, '2027-01-01T00:00:00.000+00:00')`,
    );
    monitors.forEach(([state, e, grace, paused], i) =>
      insert.run(
        `m${i}`,
        grace,
        paused ? 1 : 0,
        state,
        e === null ? null : at(e).toISOString().replace("Z", "+00:00"),
        `tok${i}`,
      ),
    );
  });
  afterAll(() => db?.close());

  it("is the earliest late or down instant after the given one, of armed unfolded monitors", async () => {
    const { sqliteNextDeadline } = await import("../../src/server/storage/sqlite/sweep-deadline");
    const next = sqliteNextDeadline(db);
    expect((await next(at(0)))?.toISOString()).toBe(at(10).toISOString());
    expect((await next(at(10)))?.toISOString()).toBe(at(25).toISOString());
    expect((await next(at(25)))?.toISOString()).toBe(at(100).toISOString());
    expect(await next(at(100))).toBeNull();
  });

  it("reads through the deadline index, not a scan of the monitors", async () => {
    const { NEXT_DEADLINE_SQL } = await import("../../src/server/storage/sqlite/sweep-deadline");
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${NEXT_DEADLINE_SQL}`).all({ after: 0 }) as { detail: string }[])
      .map((r) => r.detail)
      .join("\n");
    expect(plan).toMatch(/SEARCH cron_monitors USING INDEX cron_monitors_sweep_deadline_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE|SCAN cron_monitors/);
  });
});

describe("the next deadline on PostgreSQL", () => {
  let server: PgServer;
  let pool: pg.Pool;
  let url = "";
  beforeAll(async () => {
    server = await testPgServer();
    url = await freshDatabase(server.url, "sweep_deadline");
    const { migrate } = await import("../../src/server/migrate");
    await migrate(url);
    const { openPgPool } = await import("../../src/server/storage/postgres/pool");
    pool = openPgPool(url, 2);
    await pool.query(`INSERT INTO organizations (id, slug, name, plan) VALUES (1, 'acme', 'Acme', 'free')`);
    for (const [i, [state, e, grace, paused]] of monitors.entries()) {
      await pool.query(
        `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, grace_seconds, paused, state, next_expected_at, ping_token, updated_at)
         VALUES (1, $1, 'period', 60, $2, $3, $4, $5::timestamp, $6, now())`,
        [`m${i}`, grace, paused, state, e === null ? null : at(e).toISOString(), `tok${i}`],
      );
    }
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  it("is the earliest late or down instant after the given one, of armed unfolded monitors", async () => {
    const { pgNextDeadline } = await import("../../src/server/storage/postgres/sweep-deadline");
    const next = pgNextDeadline(pool);
    expect((await next(at(0)))?.toISOString()).toBe(at(10).toISOString());
    expect((await next(at(10)))?.toISOString()).toBe(at(25).toISOString());
    expect((await next(at(25)))?.toISOString()).toBe(at(100).toISOString());
    expect(await next(at(100))).toBeNull();
  });

  it("reads through the deadline index among 20,000 monitors", async () => {
    await pool.query(
      `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, grace_seconds, state, next_expected_at, ping_token, updated_at)
       SELECT 1, 'bulk' || g, 'period', 60, 300, 'up', $1::timestamp + g * INTERVAL '1 second', 'bulk' || g, now() FROM generate_series(1, 20000) g`,
      [at(1000).toISOString()],
    );
    await pool.query(`ANALYZE cron_monitors`);
    const { NEXT_DEADLINE_SQL } = await import("../../src/server/storage/postgres/sweep-deadline");
    const plan = (
      await pool.query(`EXPLAIN ${NEXT_DEADLINE_SQL.replace("$1::timestamp", `'${at(0).toISOString()}'::timestamp`)}`)
    ).rows
      .map((r) => r["QUERY PLAN"] as string)
      .join("\n");
    expect(plan).toMatch(/Index Scan using cron_monitors_sweep_deadline_idx/);
    expect(plan).not.toMatch(/Seq Scan|Sort/);
  });

  it("notifies listeners on channel lifeline_outbox when an outbox row commits", async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      await listener.query("LISTEN lifeline_outbox");
      const heard = new Promise<string>((resolve) => listener.on("notification", (n) => resolve(n.channel)));
      await pool.query(`INSERT INTO outbox (org_id, event, created_at) VALUES (1, 'incident.opened', now())`);
      expect(await heard).toBe("lifeline_outbox");
    } finally {
      await listener.end();
    }
  });
});
