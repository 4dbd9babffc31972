import { Prisma } from "../../../generated/prisma/client";
import type { RunSummary } from "../../../shared/schemas/cron-monitors";
import { isoSeconds } from "../../../shared/time";
import type { Db } from "../../db";
import { NO_RUNS, type RunStats } from "./wire";

/** decisions 4: `recent_runs` holds the last 20 runs; the averages cover the last 7 days. */
export const RECENT_RUNS = 20;
export const STATS_WINDOW_MS = 7 * 24 * 3600 * 1000;

type RecentRunRow = {
  id: unknown;
  monitor_id: unknown;
  status: unknown;
  started_at: unknown;
  duration_ms: unknown;
  overlapped: unknown;
  drifted: unknown;
};

/**
 * The run figures of a whole page of monitors in three queries, whatever the page size: one
 * statement for the recent runs (one index range scan per monitor, joined with UNION ALL) and two
 * grouped aggregates over the 7-day window. Each uses the (monitor_id, started_at) index.
 */
export async function loadRunStats(client: Db, monitorIds: number[], now: Date): Promise<Map<number, RunStats>> {
  const stats = new Map<number, RunStats>(monitorIds.map((id) => [id, { ...NO_RUNS, recentRuns: [] }]));
  if (monitorIds.length === 0) return stats;
  const since = new Date(now.getTime() - STATS_WINDOW_MS);
  const [recent, averages, overlaps] = await Promise.all([
    client.$queryRaw<RecentRunRow[]>(recentRunsQuery(monitorIds)),
    client.cronRun.groupBy({
      by: ["monitorId"],
      where: { monitorId: { in: monitorIds }, status: "success", durationMs: { not: null }, startedAt: { gte: since } },
      _avg: { durationMs: true },
    }),
    client.cronRun.groupBy({
      by: ["monitorId"],
      where: { monitorId: { in: monitorIds }, overlapped: true, startedAt: { gte: since } },
      _count: { _all: true },
    }),
  ]);
  // SQL keeps no order across UNION ALL arms: order each monitor's runs here, newest first.
  const ordered = recent
    .map((row) => ({ row, at: dateFromDb(row.started_at).getTime(), id: Number(row.id) }))
    .sort((a, b) => b.at - a.at || b.id - a.id);
  for (const { row } of ordered) stats.get(Number(row.monitor_id))?.recentRuns.push(summaryOf(row));
  for (const row of averages) {
    const entry = stats.get(row.monitorId);
    if (entry && row._avg.durationMs !== null) entry.avgDurationMs = Math.round(row._avg.durationMs);
  }
  for (const row of overlaps) {
    const entry = stats.get(row.monitorId);
    if (entry) entry.overlapCount = row._count._all;
  }
  return stats;
}

/** Newest first per monitor; the same SQL on SQLite and PostgreSQL. */
function recentRunsQuery(monitorIds: number[]): Prisma.Sql {
  const arms = monitorIds.map(
    (id, i) => Prisma.sql`SELECT * FROM (
      SELECT monitor_id, status, started_at, duration_ms, overlapped, drifted, id
      FROM cron_runs WHERE monitor_id = ${id}
      ORDER BY started_at DESC, id DESC LIMIT ${RECENT_RUNS}
    ) AS ${Prisma.raw(`recent_${i}`)}`,
  );
  return Prisma.sql`${Prisma.join(arms, " UNION ALL ")}`;
}

function summaryOf(row: RecentRunRow): RunSummary {
  return {
    status: String(row.status) as RunSummary["status"],
    at: isoSeconds(dateFromDb(row.started_at)),
    duration_ms: row.duration_ms === null || row.duration_ms === undefined ? null : Number(row.duration_ms),
    overlapped: truthy(row.overlapped),
    drifted: truthy(row.drifted),
  };
}

/** Raw rows carry driver values: Date or ISO text for timestamps, 0/1 or booleans for flags. */
function dateFromDb(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === 1n || value === "1" || value === "true";
}
