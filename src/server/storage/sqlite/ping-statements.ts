import type Database from "better-sqlite3";
import type { PingMonitor } from "../../domain/run-event-plan";
import { prepareIncidentStatements } from "./incident-writes";
import { monitorMaintenanceUntil } from "../maintenance-sql";
import { monitorParentIncident } from "../dependency-sql";
import { shapedGet } from "./shaped-rows";

/** The prepared statements of the SQLite ping store, prepared once per connection. */
export function prepareStatements(db: Database.Database) {
  const monitorColumns = `id, org_id, schedule_kind, cron_expression, timezone, period_seconds, max_runtime_seconds,
    drift_pct, drift_min_seconds, drift_alerts, paused, suspended, state, next_expected_at, recent_pings, unattached_events, snoozed_until,
    run_rules, run_rules_state`;
  const runColumns = `id, rid, status, started_at, finished_at, events`;
  // Params: now (the maintenance end read beside the monitor), then the monitor's key. The open
  // incident's id too (a probe of the one-open-per-monitor index): a success of a monitor with none
  // open has nothing to resolve, and its ping sends no resolving statement.
  const maintenance = `${monitorMaintenanceUntil("sqlite", "cron_monitors", "?")} AS maintenance_until,
    ${monitorParentIncident("cron_monitors")} AS parent_incident_id,
    (SELECT i.id FROM incidents i WHERE i.cron_monitor_id = cron_monitors.id AND i.status = 'open') AS open_incident_id`;
  return {
    monitorByToken: shapedGet<MonitorRow>(
      db.prepare(`SELECT ${monitorColumns}, ${maintenance} FROM cron_monitors WHERE ping_token = ?`),
    ),
    monitorById: shapedGet<MonitorRow>(
      db.prepare(`SELECT ${monitorColumns}, ${maintenance} FROM cron_monitors WHERE id = ? AND org_id = ?`),
    ),
    runByRid: db.prepare(`SELECT ${runColumns} FROM cron_runs WHERE monitor_id = ? AND rid = ?`),
    openSynthesizedRun: db.prepare(
      `SELECT ${runColumns} FROM cron_runs WHERE monitor_id = ? AND status = 'running' AND rid_generated = 1 AND started_at > ?
       ORDER BY started_at DESC, id DESC LIMIT 1`,
    ),
    latestRun: db.prepare(
      `SELECT ${runColumns} FROM cron_runs WHERE monitor_id = ? ORDER BY started_at DESC, id DESC LIMIT 1`,
    ),
    anyRunning: db.prepare(`SELECT 1 FROM cron_runs WHERE monitor_id = ? AND status = 'running' LIMIT 1`),
    recentSuccessDurations: db.prepare(
      `SELECT duration_ms FROM cron_runs WHERE monitor_id = ? AND status = 'success' AND duration_ms IS NOT NULL AND id <> ?
       ORDER BY started_at DESC LIMIT 20`, // walks (monitor_id, started_at) backwards
    ),
    // The run and monitor writes of every ping bind positionally (named parameters cost a lookup each).
    /** Params: monitor, rid, rid generated, status, started, finished, exit code, overlapped, source, meta, now, flag, flag detail. */
    insertRun: db.prepare(
      `INSERT INTO cron_runs (monitor_id, rid, rid_generated, status, started_at, finished_at, exit_code, duration_ms,
         log_bytes, truncated, overlapped, drifted, baseline_ms, source, meta, events, created_at, flag, flag_detail)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 0, 0, ?, 0, NULL, ?, ?, '[]', ?, ?, ?)`,
    ),
    /** Params: status, finished, exit code, duration, drifted, baseline, meta (null: kept), flag, flag detail, run. */
    completeRun: db.prepare(
      `UPDATE cron_runs SET status = ?, finished_at = ?, exit_code = ?, duration_ms = ?,
         drifted = ?, baseline_ms = ?, meta = COALESCE(?, meta), flag = ?, flag_detail = ?
       WHERE id = ? AND status = 'running'`,
    ),
    setRunEvents: db.prepare(`UPDATE cron_runs SET events = ? WHERE id = ?`),
    setRunLogSize: db.prepare(`UPDATE cron_runs SET log_bytes = ?, truncated = ? WHERE id = ?`),
    upsertRunLog: db.prepare(
      `INSERT INTO cron_run_logs (run_id, body) VALUES (?, ?) ON CONFLICT (run_id) DO UPDATE SET body = excluded.body`,
    ),
    /**
     * Params: now, recent pings, next expected, last run status, unattached events, rules state, then
     * state, its start (null: kept), paused, then the monitor.
     */
    updateMonitor: db.prepare(
      `UPDATE cron_monitors SET last_ping_at = ?, recent_pings = ?, next_expected_at = ?, last_run_status = ?,
         unattached_events = ?, run_rules_state = ?, state = ?, state_since = COALESCE(?, state_since), paused = ?
       WHERE id = ?`,
    ),
    /**
     * The same write when the state, its start and `paused` stay as they are (most pings): SQLite
     * rewrites an index only for the columns a statement sets, so leaving them out spares the
     * (org_id, state, paused, suspended) index a delete and an insert on every such ping. Params: the
     * first six of `updateMonitor`, then the monitor.
     */
    updateMonitorKeepingState: db.prepare(
      `UPDATE cron_monitors SET last_ping_at = ?, recent_pings = ?, next_expected_at = ?, last_run_status = ?,
         unattached_events = ?, run_rules_state = ?
       WHERE id = ?`,
    ),
    ...prepareIncidentStatements(db),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;

/** A monitor as the ping rules read it (domain/run-event-plan.ts), flags as SQLite stores them. */
export type MonitorRow = PingMonitor & {
  drift_alerts: number;
  paused: number;
  suspended: number;
  /** The monitor's open incident, or null. */
  open_incident_id: number | null;
};

export type RunRow = {
  id: number;
  rid: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  events: string;
};

/** Timestamps are stored the way Prisma's SQLite adapter stores them, so both read each other's. */
export const sqlTime = (d: Date) => d.toISOString().replace("Z", "+00:00");
