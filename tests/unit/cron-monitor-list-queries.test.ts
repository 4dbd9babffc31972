import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Listing monitors costs a fixed number of SQL statements whatever the page size: the page's run
 * figures come from grouped queries, never one query per row. Counted through the API connection's statement hook on
 * a fresh, migrated SQLite file holding 100 monitors with 50 runs each.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-list-"));
const file = path.join(dir, "lifeline.db");
let connection: import("better-sqlite3").Database;
let store: import("../../src/server/storage/api-store").ApiStore;
let queries: string[] = [];
let orgId = 0;
let listMonitors: typeof import("../../src/server/services/monitors/read").listMonitors;

beforeAll(async () => {
  process.env.DATA_DIR = dir; // before src/env is first used
  const { migrate } = await import("../../src/server/migrate");
  ({ listMonitors } = await import("../../src/server/services/monitors/read"));
  await migrate(`file:${file}`);

  const sqlite = new Database(file);
  const stamp = (d: Date) => d.toISOString().replace("Z", "+00:00");
  const now = Date.now();
  sqlite.transaction(() => {
    orgId = Number(
      sqlite.prepare(`INSERT INTO organizations (slug, name) VALUES ('acme', 'Acme')`).run().lastInsertRowid,
    );
    const other = Number(
      sqlite.prepare(`INSERT INTO organizations (slug, name) VALUES ('other', 'Other')`).run().lastInsertRowid,
    );
    const monitor = sqlite.prepare(
      `INSERT INTO cron_monitors (org_id, name, schedule_kind, cron_expression, ping_token, updated_at) VALUES (?, ?, 'cron', '*/5 * * * *', ?, ?)`,
    );
    const run = sqlite.prepare(
      `INSERT INTO cron_runs (monitor_id, rid, status, started_at, duration_ms, overlapped) VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (let m = 0; m < 101; m++) {
      const id = Number(
        monitor.run(m < 100 ? orgId : other, `m${m}`, `token-${m}`.padEnd(43, "x"), stamp(new Date())).lastInsertRowid,
      );
      for (let r = 0; r < 50; r++) {
        run.run(
          id,
          `rid-${r}`,
          r % 4 === 0 ? "fail" : "success",
          stamp(new Date(now - r * 3600_000)),
          1000 + r,
          r % 10 === 0 ? 1 : 0,
        );
      }
    }
  })();
  sqlite.close();

  const { createSqliteApiStore, openApiConnection } = await import("../../src/server/storage/sqlite/api-store");
  connection = openApiConnection(file, { verbose: (sql) => queries.push(String(sql)) });
  store = createSqliteApiStore(connection);
});

afterAll(async () => {
  connection?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function countedList(limit: number) {
  queries = [];
  const page = await listMonitors({ orgId, page: 1, limit }, new Date(), store);
  return { page, statements: queries.length };
}

describe("listing cron monitors", () => {
  it("issues the same small number of SQL statements for a page of 10 and a page of 100", async () => {
    const small = await countedList(10);
    const large = await countedList(100);
    expect(small.page.data).toHaveLength(10);
    expect(large.page.data).toHaveLength(100);
    expect(large.page.meta).toEqual({ total: 100, page: 1, limit: 100 });
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(2);
  });

  it("still fills every row's figures from those statements", async () => {
    const { page } = await countedList(100);
    for (const row of page.data) {
      expect(row.recent_runs).toHaveLength(20);
      expect(row.recent_runs[0]!.duration_ms).toBe(1000);
      expect(row.recent_runs[19]!.duration_ms).toBe(1019);
      // 7 days = runs 0..49 all within 50 hours; successes are those with r % 4 != 0
      const successes = Array.from({ length: 50 }, (_, r) => r).filter((r) => r % 4 !== 0);
      expect(row.avg_duration_ms).toBe(Math.round(successes.reduce((s, r) => s + 1000 + r, 0) / successes.length));
      expect(row.overlap_count).toBe(5);
    }
  });
});
