/** decisions 4: `recent_runs` holds the last 20 runs (the record's schema: shared/schemas/cron-monitors.ts); the averages cover the last 7 days. */
export const RECENT_RUNS = 20;
export const STATS_WINDOW_MS = 7 * 24 * 3600 * 1000;
