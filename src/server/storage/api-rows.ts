import type { RunSummary } from "../../shared/schemas/cron-monitors";
import { isoSeconds } from "../../shared/time";
import type { RunStats } from "../services/cron-monitors/wire";
import type { MonitorRecord, OrgRow } from "./api-store";

/**
 * Engine-neutral reading of raw rows: SQLite gives 0/1 for flags and ISO text for times,
 * PostgreSQL booleans, ISO text (see postgres/pool.ts) and text for bigint and numeric results.
 */
export type Raw = Record<string, unknown>;

export const flag = (v: unknown): boolean => v === true || v === 1 || v === 1n || v === "1" || v === "t" || v === "true";
export const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
export const timeOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : time(v));
export const intOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The columns the API reads, in the order of `monitorFromRow`. */
export const MONITOR_COLUMNS =
  "id, org_id, project_id, name, icon, schedule_kind, period_seconds, cron_expression, timezone, grace_seconds, " +
  "max_runtime_seconds, drift_pct, drift_min_seconds, drift_alerts, paused, suspended, state, state_since, last_ping_at, " +
  "last_run_status, next_expected_at, ping_token, integration_ids, source, external_id, managed, created_at, updated_at";

export function monitorFromRow(r: Raw): MonitorRecord {
  return {
    id: Number(r.id),
    orgId: Number(r.org_id),
    projectId: intOrNull(r.project_id),
    name: String(r.name),
    icon: textOrNull(r.icon),
    scheduleKind: String(r.schedule_kind),
    periodSeconds: intOrNull(r.period_seconds),
    cronExpression: textOrNull(r.cron_expression),
    timezone: String(r.timezone),
    graceSeconds: Number(r.grace_seconds),
    maxRuntimeSeconds: intOrNull(r.max_runtime_seconds),
    driftPct: Number(r.drift_pct),
    driftMinSeconds: Number(r.drift_min_seconds),
    driftAlerts: flag(r.drift_alerts),
    paused: flag(r.paused),
    suspended: flag(r.suspended),
    state: String(r.state),
    stateSince: timeOrNull(r.state_since),
    lastPingAt: timeOrNull(r.last_ping_at),
    lastRunStatus: textOrNull(r.last_run_status),
    nextExpectedAt: timeOrNull(r.next_expected_at),
    pingToken: String(r.ping_token),
    integrationIds: String(r.integration_ids),
    source: textOrNull(r.source),
    externalId: textOrNull(r.external_id),
    managed: flag(r.managed),
    createdAt: time(r.created_at),
    updatedAt: time(r.updated_at),
  };
}

/** The insert's values in MONITOR_COLUMNS order without `id`, as `param` turns them into driver values. */
export function monitorValues(m: Omit<MonitorRecord, "id">, param: (v: unknown) => unknown): unknown[] {
  return [
    m.orgId, m.projectId, m.name, m.icon, m.scheduleKind, m.periodSeconds, m.cronExpression, m.timezone, m.graceSeconds,
    m.maxRuntimeSeconds, m.driftPct, m.driftMinSeconds, m.driftAlerts, m.paused, m.suspended, m.state, m.stateSince, m.lastPingAt,
    m.lastRunStatus, m.nextExpectedAt, m.pingToken, m.integrationIds, m.source, m.externalId, m.managed, m.createdAt, m.updatedAt,
  ].map(param);
}

export const orgFromRow = (r: Raw): OrgRow | null =>
  r.org_id === null || r.org_id === undefined ? null : { id: Number(r.org_id), slug: String(r.slug), name: String(r.name), plan: String(r.plan) };

/** Rows of the run-figures statement (recent runs, each with its monitor's aggregates) to RunStats. */
export function runStatsFromRows(monitorIds: number[], rows: Raw[]): Map<number, RunStats> {
  const stats = new Map<number, RunStats>(monitorIds.map((id) => [id, { recentRuns: [], avgDurationMs: null, overlapCount: 0 }]));
  const ordered = rows
    .map((row) => ({ row, at: time(row.started_at).getTime(), id: Number(row.id) }))
    .sort((a, b) => b.at - a.at || b.id - a.id);
  for (const { row } of ordered) {
    const entry = stats.get(Number(row.monitor_id));
    if (!entry) continue;
    entry.recentRuns.push(summaryOf(row));
    if (row.avg_duration !== null && row.avg_duration !== undefined) entry.avgDurationMs = Math.round(Number(row.avg_duration));
    if (row.overlaps !== null && row.overlaps !== undefined) entry.overlapCount = Number(row.overlaps);
  }
  return stats;
}

/**
 * A row holding one monitor's recent runs as a JSON array of [status, started_at, duration_ms,
 * overlapped, drifted, id] (text on SQLite, already parsed on PostgreSQL) and its 7-day figures, as
 * the run rows runStatsFromRows reads.
 */
export function runRowsFromJson(r: Raw): Raw[] {
  const runs = (typeof r.runs === "string" ? JSON.parse(r.runs) : (r.runs ?? [])) as unknown[][];
  return runs.map(([status, started_at, duration_ms, overlapped, drifted, id]) => ({
    monitor_id: r.monitor_id, status, started_at, duration_ms, overlapped, drifted, id, avg_duration: r.avg_duration, overlaps: r.overlaps,
  }));
}

function summaryOf(row: Raw): RunSummary {
  return {
    status: String(row.status) as RunSummary["status"],
    at: isoSeconds(time(row.started_at)),
    duration_ms: intOrNull(row.duration_ms),
    overlapped: flag(row.overlapped),
    drifted: flag(row.drifted),
  };
}
