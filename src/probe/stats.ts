import { percentile, type AgentStats } from "./agent";

/** Counters a probe has added up since it started. */
export type StatsTotals = {
  checks: number;
  posted: number;
  refused: number;
  errors: number;
  batches: number;
  lease_calls: number;
};

/**
 * The probe's stats line (PROBE_STATS_SECONDS): `since_start` holds the cumulative counters,
 * `window` what happened in the last `seconds` only (checks started and their start lags).
 */
export type StatsLine = {
  probe_stats: true;
  since_start: StatsTotals;
  window: {
    seconds: number;
    checks: number;
    lag_samples: number;
    lag_p50_ms: number | null;
    lag_p99_ms: number | null;
  };
  rss_mb: number;
};

/** The line for one window: `lagMs` are the window's start lags, `before` the totals at the previous line. */
export function statsLine(
  stats: Omit<AgentStats, "lagMs">,
  lagMs: number[],
  before: StatsTotals,
  seconds: number,
  rssBytes: number,
): StatsLine {
  const since_start: StatsTotals = {
    checks: stats.checks,
    posted: stats.posted,
    refused: stats.refused,
    errors: stats.errors,
    batches: stats.batches,
    lease_calls: stats.leaseCalls,
  };
  return {
    probe_stats: true,
    since_start,
    window: {
      seconds,
      checks: stats.checks - before.checks,
      lag_samples: lagMs.length,
      lag_p50_ms: percentile(lagMs, 50),
      lag_p99_ms: percentile(lagMs, 99),
    },
    rss_mb: Math.round(rssBytes / 1048576),
  };
}

export const ZERO_TOTALS: StatsTotals = { checks: 0, posted: 0, refused: 0, errors: 0, batches: 0, lease_calls: 0 };
