import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/server/migrate";
import { numberPlaceholders, openEngineDb, type EngineDb } from "../support/engine-db";
import { freshDatabase, testPgServer, type PgServer } from "../support/pg-database";

// The tests' database helper gives one SQL text and one value form on both engines: the same
// statements, run on a migrated SQLite file and a migrated PostgreSQL database, read back equal.
let pg: PgServer;
const dbs: EngineDb[] = [];

beforeAll(async () => {
  pg = await testPgServer();
  const url = await freshDatabase(pg.url, "lifeline_enginedb");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-enginedb-")), "lifeline.db");
  await migrate(url);
  await migrate(`file:${file}`);
  dbs.push(openEngineDb(`file:${file}`), openEngineDb(url));
}, 120_000);
afterAll(async () => {
  for (const db of dbs) await db.close();
  await pg?.stop();
});

describe("the tests' engine-neutral database helper", () => {
  it("numbers ? placeholders outside quoted strings and identifiers", () => {
    expect(numberPlaceholders(`SELECT '?' AS "a?", x FROM t WHERE a = ? AND b IN (?, ?)`)).toBe(
      `SELECT '?' AS "a?", x FROM t WHERE a = $1 AND b IN ($2, $3)`,
    );
  });

  it("writes Dates and booleans and reads timestamps, booleans and counts back in one form on both engines", async () => {
    const read = await Promise.all(
      dbs.map(async (db) => {
        const [org] = await db.query<{ id: number }>(
          `INSERT INTO organizations (slug, name, created_at) VALUES (?, ?, ?) RETURNING id`,
          ["acme", "Acme", new Date("2027-01-02T03:04:05.678Z")],
        );
        await db.run(
          `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, paused, next_expected_at, ping_token, created_at, updated_at)
           VALUES (?, 'm', 'period', 60, ?, ?, 'tok', ?, ?)`,
          [
            org!.id,
            true,
            new Date("2027-03-04T05:06:07Z"),
            new Date("2027-01-01T00:00:00Z"),
            new Date("2027-01-01T00:00:00Z"),
          ],
        );
        const row = await db.one(
          `SELECT paused, suspended, next_expected_at, state_since, drift_pct FROM cron_monitors WHERE org_id = ?`,
          [org!.id],
        );
        const count = await db.one(`SELECT count(*) AS n FROM cron_monitors`);
        const changed = await db.run(`UPDATE cron_monitors SET state = 'up' WHERE org_id = ?`, [org!.id]);
        const created = await db.one(`SELECT created_at FROM organizations WHERE id = ?`, [org!.id]);
        return { row, count, changed, created };
      }),
    );
    expect(read[0]).toEqual({
      row: {
        paused: 1,
        suspended: 0,
        next_expected_at: "2027-03-04T05:06:07.000+00:00",
        state_since: null,
        drift_pct: 0.5,
      },
      count: { n: 1 },
      changed: 1,
      created: { created_at: "2027-01-02T03:04:05.678+00:00" },
    });
    expect(read[1]).toEqual(read[0]);
  });

  // (On SQLite a waiting writer would block this very thread: better-sqlite3 is synchronous.)
  it("holds PostgreSQL's write lock on cron_monitors until released: a writer waits, readers do not", async () => {
    for (const db of dbs.filter((d) => d.kind === "postgresql")) {
      const lock = await db.holdWriteLock();
      let wrote = false;
      const write = db.run(`UPDATE cron_monitors SET name = 'locked-out'`).then(() => (wrote = true));
      expect(await db.one(`SELECT count(*) AS n FROM cron_monitors`)).toEqual({ n: 1 });
      await new Promise((r) => setTimeout(r, 300));
      expect(wrote, db.kind).toBe(false);
      await lock.release();
      await write;
      expect(wrote).toBe(true);
    }
  });
});
