// The benchmarks' PostgreSQL: a throwaway cluster with PostgreSQL's default durability (every commit
// flushed, as in production; the tests' clusters turn fsync off), one migrated database, and seeding.
import crypto from "node:crypto";
import pg from "pg";
import { startPgCluster } from "../tests/support/pg-cluster";
import { freshDatabase } from "../tests/support/pg-database";

export type BenchPg = { url: string; stop: () => Promise<void> };

/** Starts a durable cluster and returns a migrated, empty Lifeline database on it. */
export async function startBenchPg(prefix: string): Promise<BenchPg> {
  const cluster = await startPgCluster({ durable: true });
  const url = await freshDatabase(cluster.url, prefix);
  const { migrate } = await import("../src/server/migrate");
  await migrate(url);
  return { url, stop: () => cluster.stop() };
}

/** Seeds one organization with `count` hourly period monitors; returns their ping tokens. */
export async function seedPgMonitors(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const org = await client.query<{ id: number }>(
      `INSERT INTO organizations (slug, name, plan) VALUES ($1, 'bench', 'enterprise') RETURNING id`,
      [`bench-${crypto.randomUUID().slice(0, 8)}`],
    );
    const tokens = Array.from({ length: count }, () => crypto.randomBytes(32).toString("base64url"));
    for (let i = 0; i < count; i += 10_000) {
      const chunk = tokens.slice(i, i + 10_000);
      await client.query(
        `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, ping_token, created_at, updated_at)
         SELECT $1, 'job ' || (n + $3), 'period', 3600, t, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
         FROM unnest($2::text[]) WITH ORDINALITY AS u(t, n)`,
        [org.rows[0]!.id, chunk, i],
      );
    }
    await client.query("ANALYZE");
    return tokens;
  } finally {
    await client.end();
  }
}

/**
 * The sweep benchmark's load, set-based (the same shape as its SQLite seeding): every (total/due)-th
 * monitor due, alternately late (60 s) and past grace (400 s); the others expected within the hour;
 * one finished run each; 1% running a job, 1 in 20 of those past its run-time cap.
 */
export async function armPgForSweep(url: string, total: number, due: number, now: Date): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = total / due;
  try {
    await client.query(
      `UPDATE cron_monitors m SET state = 'up', next_expected_at = CASE
         WHEN r.i % $2 = 0 THEN $1::timestamp - (CASE WHEN (r.i / $2) % 2 = 0 THEN 60000 ELSE 400000 END) * interval '1 millisecond'
         ELSE $1::timestamp + (1000 + (r.i * 7919) % 3599000) * interval '1 millisecond' END
       FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM cron_monitors) r WHERE r.id = m.id`,
      [now.toISOString(), step],
    );
    await client.query(
      `INSERT INTO cron_runs (monitor_id, rid, status, started_at, finished_at, duration_ms, created_at)
       SELECT id, gen_random_uuid()::text, 'success', next_expected_at - interval '1 hour',
              next_expected_at - interval '1 hour' + interval '5 seconds', 5000, next_expected_at - interval '1 hour'
       FROM cron_monitors`,
    );
    await client.query(
      `INSERT INTO cron_runs (monitor_id, rid, status, started_at, created_at)
       SELECT id, gen_random_uuid()::text, 'running', s, s
       FROM (SELECT id, $1::timestamp - (CASE WHEN i % 2000 = 1 THEN 900000 ELSE 30000 END) * interval '1 millisecond' AS s
             FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM cron_monitors) r WHERE i % 100 = 1) x`,
      [now.toISOString()],
    );
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
}

/** A copy of a seeded database (CREATE DATABASE … TEMPLATE), so each trial starts from the same state. */
export async function copyPgDatabase(url: string, name: string): Promise<string> {
  const source = new URL(url);
  const admin = new pg.Client({ connectionString: url.replace(source.pathname, "/postgres") });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${source.pathname.slice(1)}"`);
  } finally {
    await admin.end();
  }
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

/**
 * Refreshes the planner's statistics, as autovacuum does within a minute of a table's growth in
 * production. Benchmarks call it after their warm-up pings: a freshly seeded database has no runs,
 * and plans made for an empty `cron_runs` scan it instead of using its indexes.
 */
export async function analyzePg(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
}
