import type { MonitorRecord as MonitorRow, RunStats } from "../../storage/api-store";
import type { CronMonitor, RunSummary } from "../../../shared/schemas/cron-monitors";
import { describeSchedule } from "../../../shared/schedule/index";
import { isoOrNull, isoSeconds } from "../../../shared/time";
import { env } from "../../../env";
import { displayState, scheduleOf } from "../../domain/monitor-state";
import { snoozeShown } from "../../domain/incidents";
import { failuresCounted, rulesWire } from "../../domain/run-rules";

/** A monitor's run figures for the read model (spec 2.2; decisions 4). */
export type { RunStats };

export const NO_RUNS: RunStats = { recentRuns: [], avgDurationMs: null, overlapCount: 0 };

/** The full public ping URL of a token (decisions 1). */
export function pingUrl(token: string): string {
  return `${env().pingBaseUrl}/${token}`;
}

function scheduleText(row: MonitorRow): string {
  try {
    return describeSchedule(scheduleOf(row));
  } catch {
    return row.cronExpression ?? `Every ${row.periodSeconds} seconds`; // never fail a read on a stored schedule
  }
}

function integrationIds(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

/** Row (plus its run figures) to the wire form of spec 2.2. */
export function toWire(row: MonitorRow, stats: RunStats = NO_RUNS): CronMonitor {
  const state = displayState(row.state, row.paused, row.suspended);
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    schedule_kind: row.scheduleKind === "period" ? "period" : "cron",
    period_seconds: row.scheduleKind === "period" ? row.periodSeconds : null,
    cron_expression: row.scheduleKind === "cron" ? row.cronExpression : null,
    timezone: row.timezone,
    grace_seconds: row.graceSeconds,
    max_runtime_seconds: row.maxRuntimeSeconds,
    drift_pct: row.driftPct,
    drift_min_seconds: row.driftMinSeconds,
    drift_alerts: row.driftAlerts,
    paused: row.paused,
    suspended: row.suspended,
    state,
    display_state: state,
    state_since: isoOrNull(row.stateSince),
    last_ping_at: isoOrNull(row.lastPingAt),
    last_run_status: row.lastRunStatus as CronMonitor["last_run_status"],
    next_expected_at: isoOrNull(row.nextExpectedAt),
    ping_token: row.pingToken,
    ping_url: pingUrl(row.pingToken),
    schedule_human: scheduleText(row),
    project_id: row.projectId,
    integration_ids: integrationIds(row.integrationIds),
    source: row.source,
    external_id: row.externalId,
    managed: row.managed,
    snoozed_until: isoOrNull(snoozeShown(row.snoozedUntil, new Date())),
    maintenance: row.maintenance
      ? { window_id: row.maintenance.windowId, ends_at: isoSeconds(row.maintenance.endsAt) }
      : null,
    depends_on: row.dependsOn ?? { cron_monitor_ids: [], service_ids: [] },
    ...rulesWire(row.runRules),
    failures_counted: failuresCounted(row.runRules, row.runRulesState),
    recent_runs: stats.recentRuns,
    avg_duration_ms: stats.avgDurationMs,
    overlap_count: stats.overlapCount,
    created_at: isoSeconds(row.createdAt),
    updated_at: isoSeconds(row.updatedAt),
  };
}
