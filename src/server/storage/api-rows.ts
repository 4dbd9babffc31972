import type { RunSummary } from "../../shared/schemas/cron-monitors";
import { isoSeconds } from "../../shared/time";
import type { MonitorRecord, OrgRow, RunStats, ServiceStatusRecord } from "./api-store";

/**
 * Engine-neutral reading of raw rows: SQLite gives 0/1 for flags and ISO text for times,
 * PostgreSQL booleans, ISO text (see postgres/pool.ts) and text for bigint and numeric results.
 */
export type Raw = Record<string, unknown>;

export const flag = (v: unknown): boolean =>
  v === true || v === 1 || v === 1n || v === "1" || v === "t" || v === "true";
export const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
export const timeOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : time(v));
export const intOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The columns the API reads, in the order of `monitorFromRow`. */
export const MONITOR_COLUMNS =
  "id, org_id, project_id, name, icon, schedule_kind, period_seconds, cron_expression, timezone, grace_seconds, " +
  "max_runtime_seconds, drift_pct, drift_min_seconds, drift_alerts, paused, suspended, state, state_since, last_ping_at, " +
  "last_run_status, next_expected_at, ping_token, integration_ids, source, external_id, managed, created_at, updated_at, snoozed_until, " +
  "run_rules, run_rules_state, runs_due_at";

/** MONITOR_COLUMNS of the table aliased `alias`. */
export const monitorColumns = (alias: string) => MONITOR_COLUMNS.replace(/(^|, )/g, `$1${alias}.`);

/**
 * A monitor from its values in MONITOR_COLUMNS order (a raw row, or a row object's values), with its
 * `maintenance` and `dependsOn` when the statement read them. Every record is built by this one
 * literal, those included, so all have one shape with every field in the object: a copy that adds a field
 * (`{ ...record, maintenance }`) keeps only the first few in the object and the rest in a separate
 * array, and `toWire`'s 30 reads per monitor were 10 times slower on such copies (CPU profile of the
 * list of 50; docs/performance.md).
 */
export function monitorFromValues(
  v: unknown[],
  maintenance?: MonitorRecord["maintenance"],
  dependsOn?: MonitorRecord["dependsOn"],
): MonitorRecord {
  return {
    id: Number(v[0]),
    orgId: Number(v[1]),
    projectId: intOrNull(v[2]),
    name: String(v[3]),
    icon: textOrNull(v[4]),
    scheduleKind: String(v[5]),
    periodSeconds: intOrNull(v[6]),
    cronExpression: textOrNull(v[7]),
    timezone: String(v[8]),
    graceSeconds: Number(v[9]),
    maxRuntimeSeconds: intOrNull(v[10]),
    driftPct: Number(v[11]),
    driftMinSeconds: Number(v[12]),
    driftAlerts: flag(v[13]),
    paused: flag(v[14]),
    suspended: flag(v[15]),
    state: String(v[16]),
    stateSince: timeOrNull(v[17]),
    lastPingAt: timeOrNull(v[18]),
    lastRunStatus: textOrNull(v[19]),
    nextExpectedAt: timeOrNull(v[20]),
    pingToken: String(v[21]),
    integrationIds: String(v[22]),
    source: textOrNull(v[23]),
    externalId: textOrNull(v[24]),
    managed: flag(v[25]),
    createdAt: time(v[26]),
    updatedAt: time(v[27]),
    snoozedUntil: timeOrNull(v[28]),
    runRules: textOrNull(v[29]),
    runRulesState: textOrNull(v[30]),
    runsDueAt: timeOrNull(v[31]),
    maintenance,
    dependsOn,
  };
}

/** A row object whose first columns are MONITOR_COLUMNS (both drivers keep the select's column order). */
export const monitorFromRow = (
  r: Raw,
  maintenance?: MonitorRecord["maintenance"],
  dependsOn?: MonitorRecord["dependsOn"],
): MonitorRecord => monitorFromValues(Object.values(r), maintenance, dependsOn);

/** The insert's values in MONITOR_COLUMNS order without `id`, as `param` turns them into driver values. */
export function monitorValues(m: Omit<MonitorRecord, "id">, param: (v: unknown) => unknown): unknown[] {
  return [
    m.orgId,
    m.projectId,
    m.name,
    m.icon,
    m.scheduleKind,
    m.periodSeconds,
    m.cronExpression,
    m.timezone,
    m.graceSeconds,
    m.maxRuntimeSeconds,
    m.driftPct,
    m.driftMinSeconds,
    m.driftAlerts,
    m.paused,
    m.suspended,
    m.state,
    m.stateSince,
    m.lastPingAt,
    m.lastRunStatus,
    m.nextExpectedAt,
    m.pingToken,
    m.integrationIds,
    m.source,
    m.externalId,
    m.managed,
    m.createdAt,
    m.updatedAt,
    m.snoozedUntil,
    m.runRules,
    m.runRulesState,
    m.runsDueAt,
  ].map(param);
}

export const orgFromRow = (r: Raw): OrgRow | null =>
  r.org_id === null || r.org_id === undefined
    ? null
    : { id: Number(r.org_id), slug: String(r.slug), name: String(r.name), plan: String(r.plan) };

/**
 * A monitor's run figures from a row of the run-figures statements: `runs`, its recent runs newest
 * first as a JSON array of [status, started_at, duration_ms, overlapped, drifted, flag] (text on SQLite,
 * already parsed on PostgreSQL; times as UTC ISO text), `avg_duration` and `overlaps` over 7 days.
 */
export function runStatsFromRow(r: Raw): RunStats {
  const runs = (typeof r.runs === "string" ? JSON.parse(r.runs) : (r.runs ?? [])) as unknown[][];
  return {
    recentRuns: runs.map(([status, startedAt, durationMs, overlapped, drifted, runFlag]) => ({
      status: String(status) as RunSummary["status"],
      at: wireTime(startedAt),
      duration_ms: intOrNull(durationMs),
      overlapped: flag(overlapped),
      drifted: flag(drifted),
      flag: (runFlag ?? null) as RunSummary["flag"],
    })),
    avgDurationMs: r.avg_duration === null || r.avg_duration === undefined ? null : Math.round(Number(r.avg_duration)),
    overlapCount: r.overlaps === null || r.overlaps === undefined ? 0 : Number(r.overlaps),
  };
}

/** Run figures by monitor id from the rows of the run-figures statement (a row per monitor asked for). */
export function runStatsByMonitor(rows: Raw[]): Map<number, RunStats> {
  return new Map(rows.map((r) => [Number(r.monitor_id), runStatsFromRow(r)]));
}

/**
 * A service's status row: the service's columns and `lanes`, a JSON array of [lane, outcome, reason,
 * response_time_ms, consecutive_failures, result_at, leasable_at, leased_by] in lane order (text on
 * SQLite, already parsed on PostgreSQL; times as UTC ISO text).
 */
export function serviceStatusFromRow(r: Raw): ServiceStatusRecord {
  const lanes = (typeof r.lanes === "string" ? JSON.parse(r.lanes) : (r.lanes ?? [])) as unknown[][];
  return {
    id: Number(r.id),
    enabled: flag(r.enabled),
    status: String(r.status),
    statusSince: timeOrNull(r.status_since),
    statusReason: textOrNull(r.status_reason),
    lanes: lanes.map(
      ([lane, outcome, reason, responseTimeMs, consecutiveFailures, resultAt, leasableAt, leasedBy]) => ({
        lane: Number(lane),
        outcome: textOrNull(outcome),
        reason: textOrNull(reason),
        responseTimeMs: responseTimeMs === null || responseTimeMs === undefined ? null : Number(responseTimeMs),
        consecutiveFailures: Number(consecutiveFailures),
        resultAt: timeOrNull(resultAt),
        leasableAt: timeOrNull(leasableAt),
        leasedBy: intOrNull(leasedBy),
      }),
    ),
  };
}

const UTC_TEXT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|\+00:00)$/;

/**
 * A stored time on the wire (`YYYY-MM-DDTHH:MM:SSZ`, as isoSeconds writes it): UTC ISO text, as both
 * engines give it, is cut to the second without making a Date; anything else goes through one.
 */
export function wireTime(v: unknown): string {
  return typeof v === "string" && UTC_TEXT.test(v) ? `${v.slice(0, 19)}Z` : isoSeconds(time(v));
}
