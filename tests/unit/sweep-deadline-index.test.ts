import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, testPgServer, type PgServer } from "../support/pg-database";

/**
 * The looping sweeper's next deadline and the sweep's due pages on both engines, on freshly migrated databases: the instant
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

/** Three monitors, up and expected at +20: one deadline for three ids, so a page boundary falls between them. */
const EQUAL_DEADLINES: [string, number][] = [
  ["tie-a", 20],
  ["tie-b", 20],
  ["tie-c", 20],
];
const addEqualDeadlines = (insert: (name: string, e: number) => void) => {
  for (const [name, e] of EQUAL_DEADLINES) insert(name, e);
};
/**
 * Due at +30, pages of 2: m5 (late at -5), m2 (down again at +10), the three at +20 in id order,
 * m1 (down at +25); not m0 (late at +100), the paused m3 or the unarmed m4.
 */
const DUE_IN_PAGES = [["m5", "m2"], ["tie-a", "tie-b"], ["tie-c", "m1"], []];

/** Reads the due pages at +30 as the sweep does (nothing decided, nothing written), by name. */
async function duePages(steps: import("../../src/server/storage/sweep-storage").SweepSteps): Promise<string[][]> {
  const names = new Map<number, string>();
  const read = async (id: number) =>
    (await steps.sql.get<{ name: string }>(`SELECT name FROM cron_monitors WHERE id = ?`, [id]))!.name;
  const pages: string[][] = [];
  let after: import("../../src/server/storage/sweep-storage").DueKeyset | null = null;
  for (let i = 0; i < 5; i++) {
    const page = await steps.duePage(at(30), after, 2, () => []);
    for (const r of page.rows) if (!names.has(r.id)) names.set(r.id, await read(r.id));
    pages.push(page.rows.map((r) => names.get(r.id)!));
    if (page.rows.length < 2) break;
    after = page.after;
  }
  return pages;
}

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

  it("gives the sweep its due monitors page by page in (deadline, id) order, equal deadlines included, through the index", async () => {
    const { sqliteSweepSteps } = await import("../../src/server/storage/sqlite/sweep-steps");
    const { prepareSweepStatements } = await import("../../src/server/storage/sqlite/sweep-statements");
    addEqualDeadlines((name, e) =>
      db
        .prepare(
          `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, grace_seconds, state, next_expected_at, ping_token, updated_at)
           VALUES (1, ?, 'period', 60, 30, 'up', ?, ?, '2027-01-01T00:00:00.000+00:00')`,
        )
        .run(name, at(e).toISOString().replace("Z", "+00:00"), `tok-${name}`),
    );
    expect(await duePages(sqliteSweepSteps(db))).toEqual(DUE_IN_PAGES);
    const s = prepareSweepStatements(db) as unknown as Record<string, { source: string }>;
    for (const page of ["dueFirstPage", "dueNextPage"]) {
      const plan = (
        db
          .prepare(`EXPLAIN QUERY PLAN ${s[page]!.source}`)
          .all({ now: "", afterDeadline: 0, afterId: 0, limit: 1 }) as {
          detail: string;
        }[]
      ).map((r) => r.detail);
      expect(plan[0]).toMatch(/^SEARCH cron_monitors USING INDEX cron_monitors_sweep_deadline_idx/);
      expect(plan.join("\n")).not.toMatch(/TEMP B-TREE|SCAN cron_monitors/);
    }
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

  it("gives the sweep its due monitors page by page in (deadline, id) order, equal deadlines included, through the index", async () => {
    const { pgSweepSteps } = await import("../../src/server/storage/postgres/sweep-steps");
    for (const [name, e] of EQUAL_DEADLINES)
      await pool.query(
        `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, grace_seconds, state, next_expected_at, ping_token, updated_at)
         VALUES (1, $1, 'period', 60, 30, 'up', $2::timestamp, $3, now())`,
        [name, at(e).toISOString(), `tok-${name}`],
      );
    expect(await duePages(pgSweepSteps(pool))).toEqual(DUE_IN_PAGES);
    const { DUE_PAGE } = await import("../../src/server/storage/postgres/sweep-statements");
    const plan = (
      await pool.query({
        text: `EXPLAIN ${DUE_PAGE}`,
        values: [at(30).toISOString(), at(10).toISOString(), 2, 2],
      })
    ).rows
      .map((r) => r["QUERY PLAN"] as string)
      .join("\n");
    expect(plan).toMatch(/Index Scan using cron_monitors_sweep_deadline_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
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
