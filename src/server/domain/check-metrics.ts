/**
 * Pure rules of the service metrics (docs/api-probes.md, "Metrics and errors"): periods and their
 * buckets, the split of a window into rolled-up hours and raw results, percentiles, uptime figures.
 * No database; unit-tested in tests/unit/check-metrics.test.ts.
 */
import type { MetricPeriod } from "../../shared/schemas/service-metrics";

export const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The periods of the metrics endpoints, and the bucket size of the response-time chart of each. */
export const PERIODS: Record<MetricPeriod, { ms: number; bucketMs: number }> = {
  "24h": { ms: DAY_MS, bucketMs: HOUR_MS },
  "7d": { ms: 7 * DAY_MS, bucketMs: 6 * HOUR_MS },
  "30d": { ms: 30 * DAY_MS, bucketMs: DAY_MS },
  "90d": { ms: 90 * DAY_MS, bucketMs: 3 * DAY_MS },
};

export type Period = MetricPeriod;

/** Points of a sparkline: one per clock hour, the current (partial) hour last. */
export const SPARKLINE_POINTS = 24;

/** Closed hours a sweep rolls up again (late results), and at most how many hours one rollup transaction covers. */
export const ROLLUP_LATE_HOURS = 2;
export const ROLLUP_MAX_HOURS_PER_SWEEP = 48; // per transaction; see ROLLUP_BUDGET_MS
/** A sweep rolls up again at most this often when no new hour has closed (sweeps run every 30 s). */
export const ROLLUP_REFRESH_MS = 5 * 60_000;
/** CHECK_RESULT_RETENTION_DAYS' default: raw results are kept this long. */
export const DEFAULT_RESULT_RETENTION_DAYS = 14;
/** Rollups are kept this long (a year and a bit: year-over-year views). */
export const ROLLUP_RETENTION_DAYS = 400;

export const floorTo = (t: number, size: number) => Math.floor(t / size) * size;
export const floorHour = (t: number) => floorTo(t, HOUR_MS);
export const ceilHour = (t: number) => Math.ceil(t / HOUR_MS) * HOUR_MS;

/**
 * How a window [from, now] is read: closed hours [rollupFrom, rollupTo) from check_rollups, the rest
 * from raw results: the head [from, rollupFrom) (the partial first hour) and the tail from rollupTo
 * on (what the sweeper has not rolled up yet). `through` is the sweeper's watermark: every hour
 * before it is rolled up (null: nothing is). When nothing is rolled up, head and tail meet and the
 * whole window is raw.
 *
 * When the first hour's raw results are past retention (`keptFrom`, now minus the retention), the
 * window starts at the start of that hour instead (30 and 90 days with the default 14): the whole
 * hour is counted, from its rollup, so the figure does not change when raw results are deleted.
 */
export type WindowSplit = { from: number; rollupFrom: number; rollupTo: number };

export function splitWindow(
  periodFrom: number,
  now: number,
  through: number | null,
  keptFrom = -Infinity,
): WindowSplit {
  const from = ceilHour(periodFrom) <= keptFrom ? floorHour(periodFrom) : periodFrom;
  const rollupFrom = Math.min(ceilHour(from), floorHour(now));
  const rollupTo = through === null ? rollupFrom : Math.max(rollupFrom, Math.min(through, floorHour(now)));
  return { from, rollupFrom, rollupTo };
}

/** Uptime in percent, rounded down to 3 decimals (one failure never shows as 100); 100 when there were no checks. */
export function uptimePercentage(successful: number, total: number): number {
  if (total <= 0) return 100;
  return Math.floor((successful * 100_000) / total) / 1000;
}

/** As uptimePercentage, but null when there were no checks (sparkline points, the dashboard's figure). */
export function uptimeOrNull(successful: number, total: number): number | null {
  return total > 0 ? uptimePercentage(successful, total) : null;
}

/**
 * Nearest-rank percentile (p in (0, 1]) of ascending values: the value at rank ceil(p * n). The SQL
 * computes the same rank with integer arithmetic (`(n + 1) / 2`, `(19 * n + 19) / 20`).
 */
export function nearestRank(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(Math.round(p * sorted.length * 1e9) / 1e9));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** The buckets of a response-time chart: fixed count, aligned to the bucket size (UTC), the one holding `now` last. */
export function bucketStarts(period: Period, now: number): { bucketMs: number; starts: number[] } {
  const { ms, bucketMs } = PERIODS[period];
  const count = Math.round(ms / bucketMs);
  const last = floorTo(now, bucketMs);
  return { bucketMs, starts: Array.from({ length: count }, (_, i) => last - (count - 1 - i) * bucketMs) };
}

/**
 * Where the response-time chart reads from: buckets starting at or after `rawFrom` are computed from
 * raw results (exact percentiles), older ones from the hourly rollups. A bucket is raw when raw
 * results are still kept for all of it (it starts after now - retention) or when it is not entirely
 * rolled up yet (the sweeper is behind or never ran).
 */
export function rawFromOf(
  starts: number[],
  bucketMs: number,
  now: number,
  retentionDays: number,
  through: number | null,
): number {
  const horizon = now - retentionDays * DAY_MS;
  for (const s of starts) if (s >= horizon || through === null || s + bucketMs > through) return s;
  return now;
}

/**
 * Where a sweep at `now` starts rolling up, from the watermark (`through`: hours before it are rolled
 * up; `at`: when that was last done): the two closed hours before `through` are rolled up again (late
 * results). 0 the first time (from the oldest result). Null when there is nothing to do yet (the
 * current hour is reached and was rolled up less than ROLLUP_REFRESH_MS ago).
 */
export function rollupStart(now: number, watermark: { through: number; at: number } | null): number | null {
  const current = floorHour(now);
  if (!watermark) return 0;
  if (watermark.through >= current && now - watermark.at < ROLLUP_REFRESH_MS) return null;
  return Math.min(watermark.through, current) - ROLLUP_LATE_HOURS * HOUR_MS;
}

/**
 * The closed hours [from, to) one rollup transaction covers: from `start`, skipping the hours before
 * the first result at or after it (`firstResult`, null: none), at most ROLLUP_MAX_HOURS_PER_SWEEP
 * hours. `to` becomes the watermark; from == to is an empty span (only the watermark moves).
 */
export function rollupSpan(now: number, start: number, firstResult: number | null): { from: number; to: number } {
  const current = floorHour(now);
  const from = firstResult === null ? current : Math.min(current, Math.max(start, floorHour(firstResult)));
  return { from, to: Math.min(current, from + ROLLUP_MAX_HOURS_PER_SWEEP * HOUR_MS) };
}

/** A sweep rolls up in spans of ROLLUP_MAX_HOURS_PER_SWEEP hours (each its own transaction) until caught up or this much time has passed. */
export const ROLLUP_BUDGET_MS = 2000;

/**
 * The oldest raw result a sweep may delete: older than the retention, and never one that is not
 * rolled up yet (nor within the late window the next rollup reads again). Null: delete nothing.
 */
export function rawDeleteCutoff(now: number, retentionDays: number, through: number | null): number | null {
  if (through === null) return null;
  return Math.min(now - retentionDays * DAY_MS, through - ROLLUP_LATE_HOURS * HOUR_MS);
}

export const rollupDeleteCutoff = (now: number) => now - ROLLUP_RETENTION_DAYS * DAY_MS;

/** The watermark as stored under `system_status.check_rollups` (JSON). */
export type RollupWatermark = { through: string; at: string };

export function parseWatermark(value: string | null | undefined): { through: number; at: number } | null {
  if (!value) return null;
  try {
    const w = JSON.parse(value) as Partial<RollupWatermark>;
    const through = Date.parse(w.through ?? "");
    const at = Date.parse(w.at ?? "");
    return Number.isFinite(through) ? { through, at: Number.isFinite(at) ? at : 0 } : null;
  } catch {
    return null;
  }
}

/** Rounds a response time for the wire (milliseconds, 1 decimal). */
export const roundMs = (ms: number | null | undefined): number | null =>
  ms === null || ms === undefined || !Number.isFinite(Number(ms)) ? null : Math.round(Number(ms) * 10) / 10;
