import type Database from "better-sqlite3";
import { prepareIncidentStatements } from "./incident-writes";
import { monitorMaintenanceUntil } from "../maintenance-sql";
import { monitorParentIncident } from "../dependency-sql";
import { ARMED, DEADLINE_EXPRESSION } from "./sweep-deadline";
export type { DueMonitorRow, RunningRunRow } from "../../domain/sweep-plan";

/**
 * The sweeper's prepared statements on the raw SQLite connection. Every state change is a
 * compare-and-swap: its WHERE repeats what the sweep read, so a row that another sweeper or a ping
 * changed in between is left alone (0 rows changed: the race is lost, which is not an error).
 */
export function prepareSweepStatements(db: Database.Database) {
  const dueColumns = `id, org_id, state, next_expected_at, grace_seconds, schedule_kind, cron_expression, timezone, period_seconds, source, snoozed_until,
    run_rules, run_rules_state,
    ${monitorMaintenanceUntil("sqlite", "cron_monitors", "@now")} AS maintenance_until,
    ${monitorParentIncident("cron_monitors")} AS parent_incident_id`;
  return {
    /**
     * Due monitors, one page in (sweep deadline, id) order, through the deadline's partial index (the
     * rowid is its last column, so the order needs no sort). `@now` goes through julianday() as the
     * stored times do, so a deadline equal to it compares equal.
     */
    dueFirstPage: db.prepare(
      `SELECT ${dueColumns}, ${DEADLINE_EXPRESSION} AS sweep_deadline FROM cron_monitors INDEXED BY cron_monitors_sweep_deadline_idx
       WHERE ${ARMED} AND ${DEADLINE_EXPRESSION} <= julianday(@now)
       ORDER BY ${DEADLINE_EXPRESSION}, id LIMIT @limit`,
    ),
    dueNextPage: db.prepare(
      `SELECT ${dueColumns}, ${DEADLINE_EXPRESSION} AS sweep_deadline FROM cron_monitors INDEXED BY cron_monitors_sweep_deadline_idx
       WHERE ${ARMED} AND ${DEADLINE_EXPRESSION} >= @afterDeadline AND ${DEADLINE_EXPRESSION} <= julianday(@now)
         AND (${DEADLINE_EXPRESSION} > @afterDeadline OR id > @afterId)
       ORDER BY ${DEADLINE_EXPRESSION}, id LIMIT @limit`,
    ),
    markLate: db.prepare(
      `UPDATE cron_monitors SET state = 'late', state_since = @now
       WHERE id = @id AND next_expected_at = @expectedAt AND state IN ('new', 'up') AND paused = 0 AND suspended = 0`,
    ),
    markMissed: db.prepare(
      `UPDATE cron_monitors SET state = 'down', state_since = CASE WHEN state = 'down' THEN state_since ELSE @now END,
         next_expected_at = @nextExpectedAt, last_run_status = 'missed', run_rules_state = @rulesState
       WHERE id = @id AND next_expected_at = @expectedAt AND paused = 0 AND suspended = 0`,
    ),
    insertMissedRun: db.prepare(
      `INSERT INTO cron_runs (monitor_id, rid, rid_generated, status, started_at, finished_at, log_bytes, truncated,
         overlapped, drifted, timed_out, source, events, created_at)
       VALUES (@monitorId, @rid, 1, 'missed', @startedAt, NULL, 0, 0, 0, 0, 0, @source, '[]', @now)`,
    ),

    /** Running runs not yet alerted, through the (status, timed_out, started_at) index. */
    runningRuns: db.prepare(
      `SELECT r.id AS run_id, r.rid, r.started_at, m.id, m.org_id, m.grace_seconds, m.max_runtime_seconds, m.snoozed_until,
         ${monitorMaintenanceUntil("sqlite", "m", "@now")} AS maintenance_until, ${monitorParentIncident("m")} AS parent_incident_id
       FROM cron_runs r JOIN cron_monitors m ON m.id = r.monitor_id
       WHERE r.status = 'running' AND r.timed_out = 0 AND r.started_at <= @now AND m.paused = 0 AND m.suspended = 0`,
    ),
    markTimedOut: db.prepare(
      `UPDATE cron_runs SET timed_out = 1
       WHERE id = @runId AND status = 'running' AND timed_out = 0
         AND EXISTS (SELECT 1 FROM cron_monitors WHERE id = @monitorId AND paused = 0 AND suspended = 0)`,
    ),
    markDown: db.prepare(
      `UPDATE cron_monitors SET state = 'down', state_since = CASE WHEN state = 'down' THEN state_since ELSE @now END
       WHERE id = @id`,
    ),

    ...prepareIncidentStatements(db),

    deleteOldLogs: db.prepare(
      `DELETE FROM cron_run_logs WHERE run_id IN (SELECT id FROM cron_runs WHERE started_at < @cutoff ORDER BY started_at, id LIMIT @limit)`,
    ),
    deleteOldRuns: db.prepare(
      `DELETE FROM cron_runs WHERE id IN (SELECT id FROM cron_runs WHERE started_at < @cutoff ORDER BY started_at, id LIMIT @limit)`,
    ),
    deleteOldAudit: db.prepare(
      `DELETE FROM audit_entries WHERE id IN (SELECT a.id FROM audit_entries a JOIN organizations o ON o.id = a.org_id
        WHERE a.at < @cutoff AND (o.plan IN (SELECT value FROM json_each(@plans))) = (@except = 0) LIMIT @limit)`,
    ),
    deleteOldOutbox: db.prepare(
      `DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE processed_at < @cutoff LIMIT @limit)`,
    ),
    deleteOldDeliveries: db.prepare(
      `DELETE FROM deliveries WHERE id IN (SELECT id FROM deliveries WHERE created_at < @cutoff LIMIT @limit)`,
    ),
    /** Status page subscribers' mails (notify/subscribers.ts), counted with the deliveries. */
    deleteOldSubscriberMails: db.prepare(
      `DELETE FROM status_page_subscriber_mails WHERE id IN (SELECT id FROM status_page_subscriber_mails WHERE created_at < @cutoff LIMIT @limit)`,
    ),

    recordStatus: db.prepare(
      `INSERT INTO system_status (key, value, updated_at) VALUES (@key, @value, @now)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
    ),
  };
}

export type SweepStatements = ReturnType<typeof prepareSweepStatements>;
