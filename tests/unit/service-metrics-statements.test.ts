import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlRunner } from "../../src/server/storage/runner";

/**
 * Statement counts of the metrics reads on a migrated SQLite file (100 services with a day of
 * results each): the dashboard's pulse is two statements whatever the number of services, and every
 * REST read a fixed small number (no statement per service, hour or bucket).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-metrics-"));
const file = path.join(dir, "lifeline.db");
let statements = 0;
let userId = 0;
let ids: number[] = [];
let db: Database.Database;
let metrics: typeof import("../../src/server/services/uptime/service-metrics");

beforeAll(async () => {
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = `file:${file}`;
  const { migrate } = await import("../../src/server/migrate");
  await migrate(`file:${file}`);
  const stamp = (d: Date) => d.toISOString().replace("Z", "+00:00");
  const now = Date.now();
  db = new Database(file);
  db.transaction(() => {
    const orgId = Number(
      db.prepare(`INSERT INTO organizations (slug, name, plan) VALUES ('acme', 'Acme', 'free')`).run().lastInsertRowid,
    );
    userId = Number(
      db
        .prepare(
          `INSERT INTO users (email, password_hash, default_org_id, created_at, updated_at) VALUES ('a@example.com', 'x', ?, ?, ?)`,
        )
        .run(orgId, stamp(new Date()), stamp(new Date())).lastInsertRowid,
    );
    const service = db.prepare(
      `INSERT INTO services (user_id, name, type, interval, config, updated_at) VALUES (?, ?, 'http', 300, '{}', ?)`,
    );
    const result = db.prepare(
      `INSERT INTO check_results (service_id, probe_id, started_at, up, response_time_ms) VALUES (?, 1, ?, ?, ?)`,
    );
    for (let s = 0; s < 100; s++) {
      const id = Number(service.run(userId, `s${s}`, stamp(new Date())).lastInsertRowid);
      ids.push(id);
      for (let k = 0; k < 288; k++)
        result.run(id, stamp(new Date(now - k * 300_000)), k % 20 === 0 ? 0 : 1, 80 + (k % 9));
    }
  })();
  const { sqliteRunner } = await import("../../src/server/storage/sqlite/runner");
  const { metricsSql } = await import("../../src/server/storage/check-metrics-sql");
  const { orgMetricsSql } = await import("../../src/server/storage/org-metrics-sql");
  const { idsParam } = await import("../../src/server/storage/dialect");
  const runner = sqliteRunner(db);
  const counting: SqlRunner = {
    kind: "sqlite",
    all: (sql, params) => (statements++, runner.all(sql, params)),
    get: (sql, params) => (statements++, runner.get(sql, params)),
    run: (sql, params) => (statements++, runner.run(sql, params)),
  };
  // This process's storage door, with the metrics reads on a counting runner.
  (globalThis as { lifelineDoor?: unknown }).lifelineDoor = {
    connections: { kind: "sqlite", file, db },
    metrics: {
      sql: counting,
      q: metricsSql("sqlite"),
      org: orgMetricsSql("sqlite"),
      ids: (ids: number[]) => idsParam("sqlite", ids),
    },
  };
  metrics = await import("../../src/server/services/uptime/service-metrics");
});

afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function count<T>(work: () => Promise<T>): Promise<{ n: number; result: T }> {
  statements = 0;
  const result = await work();
  return { n: statements, result };
}

describe("statements per metrics read", () => {
  it("pulse: two statements for 1, 10 or 100 services", async () => {
    for (const n of [1, 10, 100]) {
      const { n: used, result } = await count(() => metrics.pulse(userId, ids.slice(0, n)));
      expect(used).toBe(2);
      expect(result).toHaveLength(n);
      expect(result[0]!.uptime_24h).toBe(Math.floor((273 * 100_000) / 288) / 1000); // 15 of 288 failed
      expect(result[0]!.sparkline).toHaveLength(24);
    }
    expect((await count(() => metrics.pulse(userId + 1, ids))).n).toBe(1); // none of the ids are the caller's
  });

  it("uptime 2, sparkline 2, response times at most 3, errors 1", async () => {
    for (const period of ["24h", "7d", "30d", "90d"] as const) {
      expect((await count(() => metrics.uptime(userId, ids[0]!, period))).n).toBe(2);
      expect((await count(() => metrics.responseTimes(userId, ids[0]!, period))).n).toBeLessThanOrEqual(3);
    }
    expect((await count(() => metrics.sparkline(userId, ids[0]!))).n).toBe(2);
    expect((await count(() => metrics.errors(userId, ids[0]!, 1, 20))).n).toBe(2); // the service, the page with its total
  });
});
