import { WATERMARK_KEY } from "./check-metrics-sql";
import { epochOf, idsList, type Engine } from "./dialect";

/**
 * The statements of an organization's Prometheus metrics (docs/api-metrics.md), written once for both
 * engines with `?` placeholders (SqlRunner). Each reads all of the organization's rows at once: the
 * scrape is at most five statements whatever the number of monitors and services.
 *
 * An organization's services are those whose owner has it as default organization: the rule by which
 * a service's incidents and notifications go to an organization (docs/api-probes.md).
 */
export function orgMetricsSql(engine: Engine) {
  return {
    /**
     * Every cron monitor of the organization with its project, its latest finished run's duration
     * and its failed runs started since a time, both from the index (monitor_id, started_at,
     * status, duration_ms) alone. Read as arrays: the service takes the columns in this order.
     * Params: since, org id.
     */
    monitors: `SELECT m.id, m.name, p.name AS project, m.state, m.paused, m.suspended, m.last_ping_at,
        (SELECT r.duration_ms FROM cron_runs r WHERE r.monitor_id = m.id AND r.duration_ms IS NOT NULL
          ORDER BY r.started_at DESC LIMIT 1) AS last_duration_ms,
        (SELECT COUNT(*) FROM cron_runs r WHERE r.monitor_id = m.id AND r.status = 'fail' AND r.started_at >= ?) AS failed_runs
      FROM cron_monitors m LEFT JOIN projects p ON p.id = m.project_id
      WHERE m.org_id = ? ORDER BY m.id`,

    /**
     * Every service of the organization with its project, the response time of its newest lane
     * result, when the certificate its newest check saw expires (to the day: checks record whole days
     * left), and the rollup watermark.
     * Params: org id.
     */
    services: `SELECT s.id, s.name, p.name AS project, s.enabled, s.status,
        (SELECT l.response_time_ms FROM service_lanes l WHERE l.service_id = s.id AND l.result_at IS NOT NULL
          ORDER BY l.result_at DESC LIMIT 1) AS response_ms,
        (SELECT c.certificate_days_left * 86400 + ${epochOf(engine, "c.started_at")} FROM check_results c WHERE c.service_id = s.id
          ORDER BY c.started_at DESC LIMIT 1) AS certificate_expires_at,
        (SELECT value FROM system_status WHERE key = '${WATERMARK_KEY}') AS watermark
      FROM services s JOIN users u ON u.id = s.user_id LEFT JOIN projects p ON p.id = s.project_id
      WHERE u.default_org_id = ? ORDER BY s.id`,

    /**
     * Checks and successful checks of each service in three windows, each read as domain
     * splitWindow says: rolled-up hours [rollupFrom, rollupTo) (`uptimeRollups`: per service and
     * window a sum read from the covering index check_rollups_uptime_idx) plus the raw head [from, rollupFrom) and the raw tail from
     * rollupTo (`uptimeRaw`: under an hour each for the heads, what the sweeper has not rolled up for
     * the tail). Rows: service_id, total_<w>, successful_<w> (maintenance left out), maintenance_<w>
     * (the checks left out) for w in 1d, 7d, 30d. The rollup part
     * changes only when the sweeper writes rollups (and moves the watermark), so the service caches
     * it by the watermark. Params: see uptimeParams.
     */
    uptimeRollups: uptimeSql(engine, "rollups"),
    uptimeRaw: uptimeSql(engine, "raw"),

    /** Open incidents of the organization. Params: org id. */
    openIncidents: `SELECT COUNT(*) AS n FROM incidents WHERE org_id = ? AND status = 'open'`,
  };
}

export type OrgMetricsSql = ReturnType<typeof orgMetricsSql>;

/** A window as splitWindow gives it. */
export type UptimeWindow = { from: number; rollupFrom: number; rollupTo: number };

const WINDOWS = ["1d", "7d", "30d"];

function uptimeSql(engine: Engine, part: "rollups" | "raw"): string {
  if (part === "rollups") {
    // Per service and window, a sum over its rolled-up hours read from check_rollups_uptime_idx
    // alone: about 3x less work than one pass over the 30 days testing each row against every window.
    // Checks made under a maintenance window are left out (docs/api-maintenance.md); the index covers their counts too.
    const counted = (col: string, maintained: string) =>
      `(SELECT SUM(r.${col}) - SUM(r.${maintained}) FROM check_rollups r WHERE r.service_id = s.id AND r.hour >= ? AND r.hour < ?)`;
    const sums = WINDOWS.flatMap((w) => [
      `${counted("total", "maintenance_total")} AS total_${w}`,
      `${counted("successful", "maintenance_successful")} AS successful_${w}`,
      `(SELECT SUM(r.maintenance_total) FROM check_rollups r WHERE r.service_id = s.id AND r.hour >= ? AND r.hour < ?) AS maintenance_${w}`,
    ]);
    return `SELECT s.id AS service_id, ${sums.join(", ")} FROM services s WHERE s.id IN ${idsList(engine)}`;
  }
  // Raw part, per window: the head [from, rollupFrom) and the tail from rollupTo. The tails share
  // [T, now] (T the latest rollupTo, all three in practice): read once for every window (k = 0),
  // and each window's own [rollupTo, T) apart (empty in practice). Every branch counts one range
  // per service through check_results_service_id_started_at_up_in_maintenance_idx alone, no test per row.
  const raw = (k: number, range: string) =>
    `SELECT service_id, ${k} AS k, SUM(CASE WHEN in_maintenance THEN 0 ELSE 1 END) AS total,
        SUM(CASE WHEN up AND NOT in_maintenance THEN 1 ELSE 0 END) AS successful,
        SUM(CASE WHEN in_maintenance THEN 1 ELSE 0 END) AS maintenance
      FROM check_results WHERE service_id IN ${idsList(engine)} AND ${range} GROUP BY service_id`;
  const rows = [
    ...WINDOWS.map((_, i) => raw(i + 1, "started_at >= ? AND started_at < ?")),
    ...WINDOWS.map((_, i) => raw(i + 1, "started_at >= ? AND started_at < ?")),
    raw(0, "started_at >= ?"),
  ].join("\n UNION ALL ");
  const sums = WINDOWS.flatMap((w, i) => [
    `SUM(CASE WHEN x.k IN (0, ${i + 1}) THEN x.total ELSE 0 END) AS total_${w}`,
    `SUM(CASE WHEN x.k IN (0, ${i + 1}) THEN x.successful ELSE 0 END) AS successful_${w}`,
    `SUM(CASE WHEN x.k IN (0, ${i + 1}) THEN x.maintenance ELSE 0 END) AS maintenance_${w}`,
  ]);
  return `SELECT x.service_id, ${sums.join(", ")} FROM (${rows}) x GROUP BY x.service_id`;
}

/** The parameters of uptimeRollups and uptimeRaw for the three windows (1 d, 7 d, 30 d, in that order). */
export function uptimeParams(
  windows: readonly UptimeWindow[],
  idsParam: unknown,
): { rollups: unknown[]; raw: unknown[] } {
  const at = (t: number) => new Date(t);
  const thrice = <T>(xs: T[]) => [...xs, ...xs, ...xs]; // total, successful and maintenance read the same conditions
  const tailFrom = Math.max(...windows.map((w) => w.rollupTo)); // where the tails of all three windows meet
  return {
    rollups: [...windows.flatMap((w) => thrice([at(w.rollupFrom), at(w.rollupTo)])), idsParam],
    raw: [
      ...windows.flatMap((w) => [idsParam, at(w.from), at(w.rollupFrom)]),
      ...windows.flatMap((w) => [idsParam, at(w.rollupTo), at(tailFrom)]),
      idsParam,
      at(tailFrom),
    ],
  };
}
