import type Database from "better-sqlite3";
import { openSqlite } from "./connection";
import type { ApiStore, MonitorFilter } from "../api-store";
import { maintenanceFromText, monitorMaintenanceShown } from "../maintenance-sql";
import { dependsOnFromText, monitorDependsOnShown } from "../dependency-sql";
import {
  MONITOR_COLUMNS,
  monitorColumns,
  monitorFromRow,
  monitorFromValues,
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

/** Timestamps as Prisma's SQLite adapter writes them (ISO text with +00:00), so both read each other's. */
const sqlTime = (d: Date) => d.toISOString().replace("Z", "+00:00");
const param = (v: unknown) => (v instanceof Date ? sqlTime(v) : typeof v === "boolean" ? (v ? 1 : 0) : v);

/** The API's kept connection: WAL, synchronous=NORMAL, 5 s busy timeout (readers never wait for writers). */
export function openApiConnection(file: string, options: { verbose?: (sql: unknown) => void } = {}): Database.Database {
  const db = openSqlite(file);
  if (options.verbose) {
    // better-sqlite3 takes `verbose` only when opening; the tests count statements through this hook.
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => countingStatement(prepare(sql), sql, options.verbose!)) as typeof db.prepare;
  }
  return db;
}

function countingStatement(
  statement: Database.Statement,
  sql: string,
  log: (sql: unknown) => void,
): Database.Statement {
  for (const method of ["all", "get", "run"] as const) {
    const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => (log(sql), original(...args));
  }
  return statement;
}

const USER_ACCESS = `
SELECT s.user_id, s.revoked_at, s.expires_at, m.role, o.id AS org_id, o.slug, o.name, o.plan,
  u.two_factor, o.require_two_factor, u.email AS user_email
FROM sessions s
JOIN users u ON u.id = s.user_id
LEFT JOIN memberships m ON m.id = (
  SELECT m2.id FROM memberships m2 JOIN organizations o2 ON o2.id = m2.org_id
  WHERE m2.user_id = s.user_id AND (@slug IS NULL OR o2.slug = @slug)
  ORDER BY CASE WHEN @slug IS NULL AND m2.org_id = u.default_org_id THEN 0 ELSE 1 END, m2.id
  LIMIT 1)
LEFT JOIN organizations o ON o.id = m.org_id
WHERE s.id = @session`;

const TOKEN_ACCESS = `
SELECT t.id, t.org_id AS token_org_id, t.capabilities, t.revoked_at, o.id AS org_id, o.slug, o.name, o.plan,
  t.name AS token_name
FROM service_tokens t LEFT JOIN organizations o ON o.id = t.org_id
WHERE t.token_hash = ?`;

/** @state: displayed state or NULL; @scope: 0 any project, 1 no project, 2 project @project; @search: text the name contains (any case) or NULL. */
const FILTER = `org_id = @org
  AND (@state IS NULL OR (@state = 'paused' AND (paused = 1 OR suspended = 1)) OR (@state <> 'paused' AND state = @state AND paused = 0 AND suspended = 0))
  AND (@scope = 0 OR (@scope = 1 AND project_id IS NULL) OR (@scope = 2 AND project_id = @project))
  AND (@search IS NULL OR instr(lower(name), lower(@search)) > 0)`;
/** The page with the filter's total, counted once (a window count would carry every matching row). */
const COUNT = `SELECT COUNT(*) AS total FROM cron_monitors WHERE ${FILTER}`;
const TOTAL = MONITOR_COLUMNS.split(",").length;
/** The page's rows: MONITOR_COLUMNS, then the total at index TOTAL. */
const PAGE = `SELECT ${MONITOR_COLUMNS}, (${COUNT}) AS total, ${monitorMaintenanceShown("sqlite", "cron_monitors", "@now")} AS maintenance,
  ${monitorDependsOnShown("sqlite", "cron_monitors")} AS depends_on
  FROM cron_monitors WHERE ${FILTER} ORDER BY id LIMIT @limit OFFSET @offset`;

/** The recent runs of the monitor `id`, newest first, as runStatsFromRow reads them (one index range). */
const recentRunsJson = (id: string) => `(
  SELECT json_group_array(json_array(status, started_at, duration_ms, overlapped, drifted, flag) ORDER BY started_at DESC, id DESC) FROM (
    SELECT status, started_at, duration_ms, overlapped, drifted, flag, id FROM cron_runs WHERE monitor_id = ${id}
    ORDER BY started_at DESC, id DESC LIMIT ${RECENT_RUNS}))`;
const AVERAGE_DURATION = "AVG(CASE WHEN status = 'success' THEN duration_ms END) AS avg_duration";
const OVERLAPS = "SUM(CASE WHEN overlapped THEN 1 ELSE 0 END) AS overlaps";

/** Each monitor's recent runs (a JSON array: far cheaper than a row per run) with its 7-day figures. */
const RUN_FIGURES = `
SELECT ids.value AS monitor_id, s.avg_duration, s.overlaps, ${recentRunsJson("ids.value")} AS runs
FROM json_each(@ids) ids
LEFT JOIN (
  SELECT monitor_id, ${AVERAGE_DURATION}, ${OVERLAPS}
  FROM cron_runs WHERE monitor_id IN (SELECT value FROM json_each(@ids)) AND started_at >= @since GROUP BY monitor_id
) s ON s.monitor_id = ids.value`;

/** One monitor (MONITOR_COLUMNS first) with its recent runs and 7-day figures. */
const MONITOR = `
SELECT ${monitorColumns("m")}, ${recentRunsJson("m.id")} AS runs, s.avg_duration, s.overlaps,
  ${monitorMaintenanceShown("sqlite", "m", "@now")} AS maintenance, ${monitorDependsOnShown("sqlite", "m")} AS depends_on
FROM cron_monitors m
LEFT JOIN (SELECT ${AVERAGE_DURATION}, ${OVERLAPS} FROM cron_runs WHERE monitor_id = @id AND started_at >= @since) s
WHERE m.id = @id AND m.org_id = @org`;

/** A user's service with its lanes as one JSON array in lane order (serviceStatusFromRow reads it). */
const SERVICE_STATUS = `
SELECT s.id, s.enabled, s.status, s.status_since, s.status_reason,
  (SELECT json_group_array(json_array(lane, outcome, reason, response_time_ms, consecutive_failures, result_at, leasable_at, leased_by) ORDER BY lane)
   FROM service_lanes WHERE service_id = s.id) AS lanes
FROM services s WHERE s.id = ? AND s.user_id = ?`;

const INSERT_COLUMNS = MONITOR_COLUMNS.replace(/^id, /, "");
const PLACEHOLDERS = INSERT_COLUMNS.split(",")
  .map(() => "?")
  .join(", ");
/** The plan limit is checked inside the insert itself: one statement, atomic under SQLite's write lock. */
const INSERT = `INSERT INTO cron_monitors (${INSERT_COLUMNS})
SELECT ${PLACEHOLDERS} WHERE ? IS NULL OR (SELECT COUNT(*) FROM cron_monitors WHERE org_id = ?) < ?
RETURNING ${MONITOR_COLUMNS}`;

/** The monitor's audit entry (storage/audit-pending.ts), in the insert's transaction. */
const AUDIT_INSERT = `INSERT INTO audit_entries (org_id, at, actor_type, actor_id, actor_label, address, action, object_type, object_id, changes)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const limit = (max: number) => (Number.isFinite(max) ? max : null);

/**
 * One turn of the event loop. SQLite answers synchronously, so without it a list request (several
 * milliseconds of reads and shaping) runs start to end while requests that arrived meanwhile wait
 * for the whole batch before them: the p99 of a page of 50 was 3-4 times its median. Yielding before
 * a page's reads lets requests interleave, as they do on PostgreSQL, whose reads are network I/O.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createSqliteApiStore(db: Database.Database): ApiStore {
  const s = {
    userAccess: db.prepare(USER_ACCESS),
    tokenAccess: db.prepare(TOKEN_ACCESS),
    monitor: db.prepare(MONITOR),
    page: db.prepare(PAGE).raw(true), // arrays: half the cost of 50 row objects
    count: db.prepare(COUNT),
    runFigures: db.prepare(RUN_FIGURES),
    serviceStatus: db.prepare(SERVICE_STATUS),
    insert: db.prepare(INSERT),
    auditInsert: db.prepare(AUDIT_INSERT),
    ping: db.prepare("SELECT 1"),
  };
  const filterParams = (f: MonitorFilter) => ({
    org: f.orgId,
    state: f.state,
    scope: f.projectId === undefined ? 0 : f.projectId === null ? 1 : 2,
    project: f.projectId ?? null,
    search: f.search,
  });
  return {
    async ping() {
      s.ping.get();
    },
    async userAccess(sessionId, slug) {
      const r = s.userAccess.get({ session: sessionId, slug }) as Raw | undefined;
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
      const r = s.tokenAccess.get(tokenHash) as Raw | undefined;
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
      const r = s.monitor.get({ id: monitorId, org: orgId, since: sqlTime(since), now: sqlTime(now) }) as
        Raw | undefined;
      return (
        r && {
          row: monitorFromRow(r, maintenanceFromText(r.maintenance), dependsOnFromText(r.depends_on)),
          stats: runStatsFromRow(r),
        }
      );
    },
    async monitorPage(filter) {
      await nextTurn();
      const rows = s.page.all({
        ...filterParams(filter),
        limit: filter.limit,
        offset: filter.offset,
        now: sqlTime(filter.now ?? new Date()),
      }) as unknown[][];
      const total =
        rows.length > 0
          ? Number(rows[0]![TOTAL])
          : filter.offset === 0
            ? 0
            : Number((s.count.get(filterParams(filter)) as Raw).total);
      return {
        rows: rows.map((v) => monitorFromValues(v, maintenanceFromText(v[TOTAL + 1]), dependsOnFromText(v[TOTAL + 2]))),
        total,
      };
    },
    async runFigures(monitorIds, since) {
      if (monitorIds.length === 0) return new Map();
      await nextTurn();
      const rows = s.runFigures.all({ ids: JSON.stringify(monitorIds), since: sqlTime(since) }) as Raw[];
      return runStatsByMonitor(rows);
    },
    async serviceStatus(userId, serviceId) {
      const r = s.serviceStatus.get(serviceId, userId) as Raw | undefined;
      return r && serviceStatusFromRow(r);
    },
    async insertMonitor(values, max, audit) {
      const insert = () =>
        s.insert.get(...monitorValues(values, param), limit(max), values.orgId, limit(max)) as Raw | undefined;
      if (!audit) {
        const r = insert();
        return r && monitorFromRow(r);
      }
      // Synchronous on the writer: nothing else runs on it between BEGIN and COMMIT.
      const r = db.transaction(() => {
        const row = insert();
        if (row) {
          const a = audit;
          s.auditInsert.run(
            a.orgId,
            sqlTime(a.at),
            a.actorType,
            a.actorId,
            a.actorLabel,
            a.address,
            a.action,
            a.objectType,
            String(row.id),
            a.changes,
          );
        }
        return row;
      })();
      return r && monitorFromRow(r);
    },
  };
}
