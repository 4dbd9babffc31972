import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, testPgServer, type PgServer } from "../support/pg-database";
import type { ApiStore } from "../../src/server/storage/api-store";

/**
 * The PostgreSQL API store on a real throwaway cluster: the caller with its organization in one
 * statement, a page with its total, run figures, and the insert that never passes the plan limit
 * even when 20 clients insert at once.
 */
let server: PgServer;
let pool: pg.Pool;
let store: ApiStore;
let orgId = 0;
let sessionId = "pg-session";

beforeAll(async () => {
  server = await testPgServer();
  const url = await freshDatabase(server.url, "api_store");
  const { migrate } = await import("../../src/server/migrate");
  await migrate(url);
  const { openPgPool } = await import("../../src/server/storage/postgres/pool");
  const { createPgApiStore } = await import("../../src/server/storage/postgres/api-store");
  pool = openPgPool(url, 20);
  store = createPgApiStore(pool);
  orgId = (
    await pool.query(`INSERT INTO organizations (slug, name, plan) VALUES ('acme', 'Acme', 'free') RETURNING id`)
  ).rows[0].id;
  const userId = (
    await pool.query(
      `INSERT INTO users (email, password_hash, default_org_id, updated_at) VALUES ('a@example.com', 'x', $1, now()) RETURNING id`,
      [orgId],
    )
  ).rows[0].id;
  await pool.query(`INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, 'admin')`, [orgId, userId]);
  await pool.query(
    `INSERT INTO sessions (id, user_id, refresh_hash, expires_at) VALUES ($1, $2, 'r', now() + interval '1 hour')`,
    [sessionId, userId],
  );
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await server?.stop();
});

const newMonitor = (name: string, now = new Date()) => ({
  orgId,
  projectId: null,
  name,
  icon: null,
  scheduleKind: "period",
  periodSeconds: 3600,
  cronExpression: null,
  timezone: "UTC",
  graceSeconds: 300,
  maxRuntimeSeconds: null,
  driftPct: 0.5,
  driftMinSeconds: 30,
  driftAlerts: true,
  paused: false,
  suspended: false,
  state: "new",
  stateSince: now,
  lastPingAt: null,
  lastRunStatus: null,
  nextExpectedAt: null,
  pingToken: `tok-${name}`.padEnd(43, "x"),
  integrationIds: "[]",
  source: null,
  externalId: null,
  managed: false,
  createdAt: now,
  updatedAt: now,
  snoozedUntil: null,
  runRules: null,
  runRulesState: null,
  runsDueAt: null,
});

describe("PostgreSQL API store", () => {
  it("reads a session with its default organization, and refuses an organization the user is not in", async () => {
    const access = await store.userAccess(sessionId, null);
    expect(access).toMatchObject({
      revoked: false,
      role: "admin",
      org: { id: orgId, slug: "acme", name: "Acme", plan: "free" },
    });
    expect((await store.userAccess(sessionId, "elsewhere"))?.org).toBeNull();
    expect(await store.userAccess("no-such-session", null)).toBeUndefined();
  });

  it("inserts at most the plan's limit when 20 clients insert at once at the edge", async () => {
    const now = new Date("2026-01-01T12:00:00.123Z");
    for (let i = 0; i < 9; i++) expect(await store.insertMonitor(newMonitor(`seed-${i}`, now), 10)).toBeDefined();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.insertMonitor(newMonitor(`race-${i}`, now), 10)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const inserted = results.find(Boolean)!;
    expect(inserted.createdAt.toISOString()).toBe(now.toISOString());
    expect(inserted).toMatchObject({ driftPct: 0.5, driftAlerts: true, paused: false, projectId: null });
    expect(
      (await pool.query(`SELECT count(*)::int AS n FROM cron_monitors WHERE org_id = $1`, [orgId])).rows[0].n,
    ).toBe(10);
  });

  it("inserts without a limit in one statement and keeps every one of 20 parallel inserts", async () => {
    const other = (
      await pool.query(`INSERT INTO organizations (slug, name, plan) VALUES ('big', 'Big', 'enterprise') RETURNING id`)
    ).rows[0].id;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.insertMonitor({ ...newMonitor(`big-${i}`), orgId: other }, Number.POSITIVE_INFINITY),
      ),
    );
    expect(results.every((r) => r?.orgId === other)).toBe(true);
    expect(new Set(results.map((r) => r!.id)).size).toBe(20);
    expect(
      (await pool.query(`SELECT count(*)::int AS n FROM cron_monitors WHERE org_id = $1`, [other])).rows[0].n,
    ).toBe(20);
  });

  it("pages monitors with their total and reads each one's recent runs and 7-day figures in one statement, as the single read does", async () => {
    const page = await store.monitorPage({
      orgId,
      state: null,
      projectId: undefined,
      search: null,
      offset: 2,
      limit: 3,
    });
    expect(page.total).toBe(10);
    expect(page.rows).toHaveLength(3);
    const id = page.rows[0]!.id;
    for (let r = 0; r < 25; r++) {
      await pool.query(
        `INSERT INTO cron_runs (monitor_id, rid, status, started_at, duration_ms, overlapped) VALUES ($1, $2, $3, now() AT TIME ZONE 'UTC' - $4 * interval '1 minute', $5, $6)`,
        [id, `rid-${r}`, r % 2 ? "fail" : "success", r, 1000 + r, r === 3],
      );
    }
    const since = new Date(Date.now() - 7 * 86400_000);
    const stats = (await store.runFigures([id, page.rows[1]!.id], since)).get(id)!;
    expect(stats.recentRuns).toHaveLength(20);
    expect(stats.recentRuns[0]!.duration_ms).toBe(1000);
    expect(stats.overlapCount).toBe(1);
    expect(stats.avgDurationMs).toBe(1012); // successes: even r from 0 to 24
    expect(await store.monitor(orgId + 1, id, since)).toBeUndefined();
    const one = await store.monitor(orgId, id, since);
    expect(one?.row).toEqual(page.rows[0]);
    expect(one?.stats).toEqual(stats); // the single read's one statement gives the list's figures, run times included
    expect((await store.monitor(orgId, page.rows[1]!.id, since))?.stats).toEqual({
      recentRuns: [],
      avgDurationMs: null,
      overlapCount: 0,
    });
  });
});
