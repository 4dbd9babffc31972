import type { Pool } from "pg";
import type { ApiStore, MonitorFilter } from "../api-store";
import { maintenanceFromText, monitorMaintenanceShown } from "../maintenance-sql";
import { dependsOnFromText, monitorDependsOnShown } from "../dependency-sql";
import {
  MONITOR_COLUMNS,
  monitorColumns,
  monitorFromRow,
  monitorValues,
  orgFromRow,
  flag,
  runStatsByMonitor,
  runStatsFromRow,
  serviceStatusFromRow,
  time,
  type Raw,
} from "../api-rows";
import { RECENT_RUNS } from "../../../shared/run-stats";
import { inTransaction, pgTime, run } from "./pool";
import type { AuditRow } from "../audit-pending";

const param = (v: unknown) => (v instanceof Date ? pgTime(v) : v);

const USER_ACCESS = `
SELECT s.user_id, s.revoked_at, s.expires_at, m.role, o.id AS org_id, o.slug, o.name, o.plan,
  u.two_factor, o.require_two_factor, u.email AS user_email
FROM sessions s
JOIN users u ON u.id = s.user_id
LEFT JOIN memberships m ON m.id = (
  SELECT m2.id FROM memberships m2 JOIN organizations o2 ON o2.id = m2.org_id
  WHERE m2.user_id = s.user_id AND ($2::text IS NULL OR o2.slug = $2::text)
  ORDER BY CASE WHEN $2::text IS NULL AND m2.org_id = u.default_org_id THEN 0 ELSE 1 END, m2.id
  LIMIT 1)
LEFT JOIN organizations o ON o.id = m.org_id
WHERE s.id = $1`;

const TOKEN_ACCESS = `
SELECT t.id, t.org_id AS token_org_id, t.capabilities, t.revoked_at, o.id AS org_id, o.slug, o.name, o.plan,
  t.name AS token_name
FROM service_tokens t LEFT JOIN organizations o ON o.id = t.org_id
WHERE t.token_hash = $1`;

/** $2: displayed state or NULL; $3: 0 any project, 1 no project, 2 project $4; $5: text the name contains (any case) or NULL. */
const FILTER = `org_id = $1
  AND ($2::text IS NULL OR ($2::text = 'paused' AND (paused OR suspended)) OR ($2::text <> 'paused' AND state = $2::text AND NOT paused AND NOT suspended))
  AND ($3::int = 0 OR ($3::int = 1 AND project_id IS NULL) OR ($3::int = 2 AND project_id = $4::int))
  AND ($5::text IS NULL OR strpos(lower(name), lower($5::text)) > 0)`;
/** The page with the filter's total, counted once (a window count would carry every matching row). */
const COUNT = `SELECT COUNT(*) AS total FROM cron_monitors WHERE ${FILTER}`;
const PAGE = `SELECT ${MONITOR_COLUMNS}, (${COUNT}) AS total, ${monitorMaintenanceShown("postgresql", "cron_monitors", "$8")} AS maintenance,
  ${monitorDependsOnShown("postgresql", "cron_monitors")} AS depends_on
  FROM cron_monitors WHERE ${FILTER} ORDER BY id LIMIT $6 OFFSET $7`;

/** A timestamp column as UTC ISO text inside JSON (json_build_array would drop the zone). */
const isoText = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The recent runs of the monitor `id`, newest first, as runStatsFromRow reads them (one index range). */
const recentRunsJson = (id: string) => `
  SELECT json_agg(json_build_array(status, ${isoText("started_at")}, duration_ms, overlapped, drifted, flag)
                  ORDER BY started_at DESC, id DESC) AS runs
  FROM (SELECT status, started_at, duration_ms, overlapped, drifted, flag, id FROM cron_runs WHERE monitor_id = ${id}
        ORDER BY started_at DESC, id DESC LIMIT ${RECENT_RUNS}) recent`;
const FIGURES =
  "AVG(duration_ms) FILTER (WHERE status = 'success') AS avg_duration, COUNT(*) FILTER (WHERE overlapped) AS overlaps";

/** Each monitor's recent runs (a JSON array: far fewer rows than a row per run) with its 7-day figures. */
const RUN_FIGURES = `
WITH stats AS (
  SELECT monitor_id, ${FIGURES} FROM cron_runs WHERE monitor_id = ANY($1::int[]) AND started_at >= $2 GROUP BY monitor_id)
SELECT ids.id AS monitor_id, r.runs, s.avg_duration, s.overlaps
FROM unnest($1::int[]) AS ids(id)
CROSS JOIN LATERAL (${recentRunsJson("ids.id")}) r
LEFT JOIN stats s ON s.monitor_id = ids.id`;

/** One monitor (MONITOR_COLUMNS first) with its recent runs and 7-day figures: one round trip. */
const MONITOR = `
SELECT ${monitorColumns("m")}, r.runs, s.avg_duration, s.overlaps, ${monitorMaintenanceShown("postgresql", "m", "$4")} AS maintenance,
  ${monitorDependsOnShown("postgresql", "m")} AS depends_on
FROM cron_monitors m
CROSS JOIN LATERAL (${recentRunsJson("m.id")}) r
CROSS JOIN LATERAL (SELECT ${FIGURES} FROM cron_runs WHERE monitor_id = m.id AND started_at >= $3) s
WHERE m.id = $1 AND m.org_id = $2`;

/** A user's service with its lanes as one JSON array in lane order (serviceStatusFromRow reads it). */
const SERVICE_STATUS = `
SELECT s.id, s.enabled, s.status, s.status_since, s.status_reason,
  (SELECT json_agg(json_build_array(lane, outcome, reason, response_time_ms, consecutive_failures, ${isoText("result_at")},
                                    ${isoText("leasable_at")}, leased_by) ORDER BY lane)
   FROM service_lanes WHERE service_id = s.id) AS lanes
FROM services s WHERE s.id = $1 AND s.user_id = $2`;

const INSERT_COLUMNS = MONITOR_COLUMNS.replace(/^id, /, "");
const COLUMN_COUNT = INSERT_COLUMNS.split(",").length;
const PLACEHOLDERS = Array.from({ length: COLUMN_COUNT }, (_, i) => `$${i + 1}`).join(", ");
/**
 * The organization's row is locked first (a short transaction of two statements), so the count in
 * the insert, taken by a statement that starts after the lock is held, sees every committed create.
 */
const LOCK_ORG = `SELECT id FROM organizations WHERE id = $1 FOR UPDATE`;
const INSERT = `INSERT INTO cron_monitors (${INSERT_COLUMNS})
SELECT ${PLACEHOLDERS}
WHERE (SELECT COUNT(*) FROM cron_monitors WHERE org_id = $${COLUMN_COUNT + 1}) < $${COLUMN_COUNT + 2}::bigint
RETURNING ${MONITOR_COLUMNS}`;
/** Without a limit there is nothing to count, so nothing to lock: one autocommitted statement. */
const INSERT_UNLIMITED = `INSERT INTO cron_monitors (${INSERT_COLUMNS}) VALUES (${PLACEHOLDERS}) RETURNING ${MONITOR_COLUMNS}`;
/**
 * `insert` with the monitor's audit entry in the same statement (storage/audit-pending.ts): its nine
 * values follow the insert's (`first` is the first one's number), its object id is the new monitor's.
 */
const withAudit = (insert: string, first: number) => {
  const n = (i: number) => `$${first + i}`;
  return `WITH m AS (${insert}),
a AS (INSERT INTO audit_entries (org_id, at, actor_type, actor_id, actor_label, address, action, object_type, object_id, changes)
  SELECT ${n(0)}::int, ${n(1)}::timestamp(3), ${n(2)}::text, ${n(3)}::int, ${n(4)}::text, ${n(5)}::text, ${n(6)}::text, ${n(7)}::text, m.id::text, ${n(8)}::text FROM m)
SELECT ${MONITOR_COLUMNS} FROM m`;
};
const INSERT_AUDITED = withAudit(INSERT, COLUMN_COUNT + 3);
const INSERT_UNLIMITED_AUDITED = withAudit(INSERT_UNLIMITED, COLUMN_COUNT + 1);
const auditValues = (a: AuditRow) => [
  a.orgId,
  pgTime(a.at),
  a.actorType,
  a.actorId,
  a.actorLabel,
  a.address,
  a.action,
  a.objectType,
  a.changes,
];

export function createPgApiStore(pool: Pool): ApiStore {
  const filterParams = (f: MonitorFilter) => [
    f.orgId,
    f.state,
    f.projectId === undefined ? 0 : f.projectId === null ? 1 : 2,
    f.projectId ?? null,
    f.search,
  ];
  return {
    async ping() {
      await run(pool, "api_ping", "SELECT 1", []);
    },
    async userAccess(sessionId, slug) {
      const [r] = await run<Raw>(pool, "api_user_access", USER_ACCESS, [sessionId, slug]);
      if (!r) return undefined;
      return {
        userId: Number(r.user_id),
        email: String(r.user_email),
        revoked: r.revoked_at !== null,
        expiresAt: time(r.expires_at),
        role: (r.role as string | null) ?? null,
        org: orgFromRow(r),
        twoFactor: flag(r.two_factor),
        orgRequiresTwoFactor: flag(r.require_two_factor),
      };
    },
    async tokenAccess(tokenHash) {
      const [r] = await run<Raw>(pool, "api_token_access", TOKEN_ACCESS, [tokenHash]);
      if (!r) return undefined;
      return {
        tokenId: Number(r.id),
        name: String(r.token_name),
        orgId: Number(r.token_org_id),
        revoked: r.revoked_at !== null,
        capabilities: String(r.capabilities),
        org: orgFromRow(r),
      };
    },
    async monitor(orgId, monitorId, since, now = new Date()) {
      const [r] = await run<Raw>(pool, "api_monitor", MONITOR, [monitorId, orgId, pgTime(since), pgTime(now)]);
      return (
        r && {
          row: monitorFromRow(r, maintenanceFromText(r.maintenance), dependsOnFromText(r.depends_on)),
          stats: runStatsFromRow(r),
        }
      );
    },
    async monitorPage(filter) {
      const rows = await run<Raw>(pool, "api_monitor_page", PAGE, [
        ...filterParams(filter),
        filter.limit,
        filter.offset,
        pgTime(filter.now ?? new Date()),
      ]);
      const total =
        rows.length > 0
          ? Number(rows[0]!.total)
          : filter.offset === 0
            ? 0
            : Number((await run<Raw>(pool, "api_monitor_count", COUNT, filterParams(filter)))[0]!.total);
      return {
        rows: rows.map((r) => monitorFromRow(r, maintenanceFromText(r.maintenance), dependsOnFromText(r.depends_on))),
        total,
      };
    },
    async runFigures(monitorIds, since) {
      if (monitorIds.length === 0) return new Map();
      return runStatsByMonitor(await run<Raw>(pool, "api_run_figures", RUN_FIGURES, [monitorIds, pgTime(since)]));
    },
    async serviceStatus(userId, serviceId) {
      const [r] = await run<Raw>(pool, "api_service_status", SERVICE_STATUS, [serviceId, userId]);
      return r && serviceStatusFromRow(r);
    },
    async insertMonitor(values, max, audit) {
      const columns = monitorValues(values, param);
      const entry = audit ? auditValues(audit) : [];
      const [r] = !Number.isFinite(max)
        ? audit
          ? await run<Raw>(pool, "api_insert_monitor_unlimited_audited", INSERT_UNLIMITED_AUDITED, [
              ...columns,
              ...entry,
            ])
          : await run<Raw>(pool, "api_insert_monitor_unlimited", INSERT_UNLIMITED, columns)
        : await inTransaction(pool, async (client) => {
            await run(client, "api_lock_org", LOCK_ORG, [values.orgId]);
            const limited = [...columns, values.orgId, max];
            return audit
              ? run<Raw>(client, "api_insert_monitor_audited", INSERT_AUDITED, [...limited, ...entry])
              : run<Raw>(client, "api_insert_monitor", INSERT, limited);
          });
      return r && monitorFromRow(r);
    },
  };
}
