import { epochOf, hourOf, idsList, type Engine } from "./dialect";

/**
 * The SQL of the service metrics (reads) and of their rollups and retention (sweeper), written once
 * for both engines with `?` placeholders (SqlRunner). The few expressions that differ are
 * dialect.ts's: an hour of a timestamp column in the column's own stored form (SQLite: ISO text with
 * +00:00, as Prisma's adapter writes it; PostgreSQL: timestamp(3)), its epoch seconds, a list of ids
 * given as one parameter.
 *
 * Response figures (sums, maxima, percentiles) cover successful checks only; a failed check's time
 * (often the timeout) says nothing about the service's speed. Percentiles are nearest-rank:
 * p50 at rank (n + 1) / 2, p95 at rank (19 n + 19) / 20 (integer division: ceil(p n)).
 */
/** The sweeper's watermark of the rollups (system_status key). */
export const WATERMARK_KEY = "check_rollups";

export function metricsSql(engine: Engine) {
  const ids = idsList(engine);
  const upCount = `SUM(CASE WHEN up THEN 1 ELSE 0 END)`;
  // Checks recorded under a maintenance window are left out of uptime, and counted apart (docs/api-maintenance.md).
  const counted = `SUM(CASE WHEN in_maintenance THEN 0 ELSE 1 END)`;
  const upCounted = `SUM(CASE WHEN up AND NOT in_maintenance THEN 1 ELSE 0 END)`;
  const maintained = `SUM(CASE WHEN in_maintenance THEN 1 ELSE 0 END)`;
  return {
    /** The caller's service (404 otherwise) with the rollup watermark. Params: id, user id. */
    service: `SELECT s.id, (SELECT value FROM system_status WHERE key = '${WATERMARK_KEY}') AS watermark
      FROM services s WHERE s.id = ? AND s.user_id = ?`,

    /** Which of the ids are the caller's, with the watermark. Params: user id, ids. */
    services: `SELECT s.id, (SELECT value FROM system_status WHERE key = '${WATERMARK_KEY}') AS watermark
      FROM services s WHERE s.user_id = ? AND s.id IN ${ids}`,

    /**
     * Totals of one window: rolled-up hours plus the raw head and tail (domain splitWindow), checks
     * under maintenance apart. Params: id, rollupFrom, rollupTo, id, from, rollupFrom, id, rollupTo.
     */
    uptime: `SELECT COALESCE(SUM(t), 0) AS total, COALESCE(SUM(s), 0) AS successful, COALESCE(SUM(m), 0) AS maintenance FROM (
        SELECT total - maintenance_total AS t, successful - maintenance_successful AS s, maintenance_total AS m
          FROM check_rollups WHERE service_id = ? AND hour >= ? AND hour < ?
        UNION ALL
        SELECT ${counted}, ${upCounted}, ${maintained} FROM check_results WHERE service_id = ? AND started_at >= ? AND started_at < ?
        UNION ALL
        SELECT ${counted}, ${upCounted}, ${maintained} FROM check_results WHERE service_id = ? AND started_at >= ?
      ) x`,

    /**
     * Per service: one row per hour of the sparkline (rollups for rolled-up hours, raw results grouped
     * by hour after them) and one row with hour NULL for the raw head of the 24-hour window (before the
     * sparkline's first hour). Params: ids, sparkFrom, rollupTo, ids, rawFrom, ids, from, sparkFrom.
     */
    hourly: `SELECT service_id, hour, total - maintenance_total AS total, successful - maintenance_successful AS successful,
        response_sum_ms AS response_sum FROM check_rollups
        WHERE service_id IN ${ids} AND hour >= ? AND hour < ?
      UNION ALL
      SELECT service_id, ${hourOf(engine, "started_at")}, ${counted}, ${upCounted}, SUM(CASE WHEN up THEN response_time_ms END)
        FROM check_results WHERE service_id IN ${ids} AND started_at >= ?
        GROUP BY service_id, ${hourOf(engine, "started_at")}
      UNION ALL
      SELECT service_id, NULL, ${counted}, ${upCounted}, NULL
        FROM check_results WHERE service_id IN ${ids} AND started_at >= ? AND started_at < ?
        GROUP BY service_id`,

    /**
     * Response-time buckets from raw results, exact. Params: first bucket's epoch seconds, bucket
     * seconds, id, from.
     */
    bucketsRaw: `SELECT b, COUNT(*) AS n, MAX(ms) AS max_ms,
        MAX(CASE WHEN rn = (cnt + 1) / 2 THEN ms END) AS p50,
        MAX(CASE WHEN rn = (19 * cnt + 19) / 20 THEN ms END) AS p95
      FROM (
        SELECT b, ms, ROW_NUMBER() OVER (PARTITION BY b ORDER BY ms) AS rn, COUNT(*) OVER (PARTITION BY b) AS cnt
        FROM (
          SELECT CAST((${epochOf(engine, "started_at")} - ?) / ? AS INTEGER) AS b, response_time_ms AS ms
          FROM check_results WHERE service_id = ? AND started_at >= ? AND up
        ) r
      ) w
      WHERE true
      GROUP BY b`,

    /**
     * Response-time buckets from hourly rollups (beyond raw retention): count and max exact, p50/p95
     * the hours' percentiles weighted by their successful checks. Params: first bucket's epoch
     * seconds, bucket seconds, id, from, to.
     */
    bucketsRollup: `SELECT b, SUM(successful) AS n, MAX(CASE WHEN successful > 0 THEN response_max_ms END) AS max_ms,
        SUM(response_p50_ms * successful) / SUM(CASE WHEN response_p50_ms IS NOT NULL THEN successful END) AS p50,
        SUM(response_p95_ms * successful) / SUM(CASE WHEN response_p95_ms IS NOT NULL THEN successful END) AS p95
      FROM (
        SELECT CAST((${epochOf(engine, "hour")} - ?) / ? AS INTEGER) AS b, successful, response_max_ms, response_p50_ms, response_p95_ms
        FROM check_rollups WHERE service_id = ? AND hour >= ? AND hour < ?
      ) r
      WHERE true
      GROUP BY b`,

    /** One page of failures, newest first, with their total. Params: id, id, limit, offset. */
    errors: `SELECT id, started_at, reason, status_code, response_time_ms, probe_id, steps,
        (SELECT COUNT(*) FROM check_screenshots k WHERE k.result_id = check_results.id) AS screenshots,
        (SELECT COUNT(*) FROM check_results WHERE service_id = ? AND NOT up) AS total
      FROM check_results WHERE service_id = ? AND NOT up
      ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?`,
    errorCount: `SELECT COUNT(*) AS total FROM check_results WHERE service_id = ? AND NOT up`,

    // ---- sweeper ----

    watermark: `SELECT value FROM system_status WHERE key = '${WATERMARK_KEY}'`,
    /** The first result at or after a time (through the started_at index). Params: time. */
    firstResult: `SELECT MIN(started_at) AS first FROM check_results WHERE started_at >= ?`,

    /**
     * Rolls up the hours of [from, to) from raw results, replacing what an earlier sweep wrote for
     * them (idempotent; late results count). Rows are written in key order, so two writers on
     * PostgreSQL meet in the same order. Params: from, to.
     */
    rollup: `INSERT INTO check_rollups (service_id, hour, total, successful, maintenance_total, maintenance_successful,
        response_sum_ms, response_max_ms, response_p50_ms, response_p95_ms)
      SELECT service_id, hour, COUNT(*), ${upCount}, ${maintained}, SUM(CASE WHEN up AND in_maintenance THEN 1 ELSE 0 END),
        COALESCE(SUM(CASE WHEN up THEN ms END), 0), COALESCE(MAX(CASE WHEN up THEN ms END), 0),
        MAX(CASE WHEN up AND rn = (cnt + 1) / 2 THEN ms END),
        MAX(CASE WHEN up AND rn = (19 * cnt + 19) / 20 THEN ms END)
      FROM (
        SELECT service_id, hour, up, ms, in_maintenance,
          ROW_NUMBER() OVER (PARTITION BY service_id, hour, up ORDER BY ms) AS rn,
          COUNT(*) OVER (PARTITION BY service_id, hour, up) AS cnt
        FROM (
          SELECT service_id, ${hourOf(engine, "started_at")} AS hour, up, response_time_ms AS ms, in_maintenance
          FROM check_results WHERE started_at >= ? AND started_at < ?
        ) h
      ) r
      WHERE true
      GROUP BY service_id, hour
      ORDER BY service_id, hour
      ON CONFLICT (service_id, hour) DO UPDATE SET total = excluded.total, successful = excluded.successful,
        maintenance_total = excluded.maintenance_total, maintenance_successful = excluded.maintenance_successful,
        response_sum_ms = excluded.response_sum_ms, response_max_ms = excluded.response_max_ms,
        response_p50_ms = excluded.response_p50_ms, response_p95_ms = excluded.response_p95_ms`,

    /** Params: key value JSON, now. */
    recordWatermark: `INSERT INTO system_status (key, value, updated_at) VALUES ('${WATERMARK_KEY}', ?, ?)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,

    /** One batch of raw results older than the cutoff, oldest first. Params: cutoff, batch size. */
    deleteResults: `DELETE FROM check_results WHERE id IN (
        SELECT id FROM check_results WHERE started_at < ? ORDER BY started_at LIMIT ?)`,
    /** Screenshots whose result is gone (a few rows a service at most: docs/limits.md). No params. */
    deleteOrphanScreenshots: `DELETE FROM check_screenshots
      WHERE NOT EXISTS (SELECT 1 FROM check_results r WHERE r.id = check_screenshots.result_id)`,
    /** One batch of rollups older than the cutoff. Params: cutoff, batch size. */
    deleteRollups: `DELETE FROM check_rollups WHERE (service_id, hour) IN (
        SELECT service_id, hour FROM check_rollups WHERE hour < ? ORDER BY hour LIMIT ?)`,
  };
}

export type MetricsSql = ReturnType<typeof metricsSql>;
