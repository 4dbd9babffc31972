/**
 * The PostgreSQL sweeper's statements (prepared by name). Arrays travel as PostgreSQL arrays and are
 * unnested, so a page of any size is a fixed number of statements.
 */
import { monitorMaintenanceUntil } from "../maintenance-sql";
import { monitorParentIncident } from "../dependency-sql";
import { openedCte } from "./incident-statements";
import { ARMED, DEADLINE_EXPRESSION } from "./sweep-deadline";

const iso = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One page of due monitors (their sweep deadline passed by $1) after the keyset (deadline, id), in
 * that order through the deadline's partial index, claimed until commit; pages other sweepers hold
 * are skipped.
 */
export const DUE_PAGE = `
SELECT id, org_id, state, ${iso("next_expected_at")} AS next_expected_at, grace_seconds, schedule_kind, cron_expression,
  timezone, period_seconds, source, snoozed_until, run_rules, run_rules_state, ${monitorMaintenanceUntil("postgresql", "cron_monitors", "$1")} AS maintenance_until,
  ${monitorParentIncident("cron_monitors")} AS parent_incident_id, ${iso(DEADLINE_EXPRESSION)} AS sweep_deadline
FROM cron_monitors
WHERE ${ARMED} AND ${DEADLINE_EXPRESSION} <= $1::timestamp
  AND ($2::timestamp IS NULL OR ${DEADLINE_EXPRESSION} > $2::timestamp OR (${DEADLINE_EXPRESSION} = $2::timestamp AND id > $3::int))
ORDER BY ${DEADLINE_EXPRESSION}, id LIMIT $4
FOR UPDATE SKIP LOCKED`;

/** Params: monitor ids, now. */
export const MARK_LATE = `
UPDATE cron_monitors SET state = 'late', state_since = $2::timestamp
WHERE id = ANY($1::int[]) AND state IN ('new', 'up')`;

/** Params: monitor ids, their next expected times, now, their run_rules_state. */
export const MARK_MISSED = `
UPDATE cron_monitors m SET state = 'down', state_since = CASE WHEN m.state = 'down' THEN m.state_since ELSE $3::timestamp END,
  next_expected_at = u.next, last_run_status = 'missed', run_rules_state = u.rules_state
FROM unnest($1::int[], $2::timestamp[], $4::text[]) AS u(id, next, rules_state)
WHERE m.id = u.id`;

/**
 * The missed runs, then one incident per monitor that has none open, with its outbox row (unless
 * held) pointing at the monitor's last missed run. Params: run monitors, rids, fire times, sources,
 * now, then the openings the plans decided (domain/incidents.ts): orgs, monitors, reasons, kinds,
 * notify?, parent incidents, held?. Returns one row per incident opened.
 */
export const MISSED_RUNS_AND_INCIDENTS = `
WITH runs AS (
  INSERT INTO cron_runs (monitor_id, rid, rid_generated, status, started_at, finished_at, log_bytes, truncated, overlapped,
    drifted, timed_out, source, events, created_at)
  SELECT u.monitor_id, u.rid, true, 'missed', u.started_at, NULL, 0, false, false, false, false, u.source, '[]', $5::timestamp
  FROM unnest($1::int[], $2::text[], $3::timestamp[], $4::text[]) AS u(monitor_id, rid, started_at, source)
  RETURNING id, monitor_id),
last_run AS (SELECT monitor_id, max(id) AS run_id FROM runs GROUP BY monitor_id),
plan AS (SELECT * FROM unnest($6::int[], $7::int[], $8::text[], $9::text[], $10::boolean[], $11::int[], $12::boolean[])
  AS u(org_id, monitor_id, reason, kind, notify, parent, held)),
${openedCte("SELECT u.org_id, u.monitor_id, u.kind, u.reason, $5::timestamp, u.held, u.parent FROM plan u")},
notified AS (
  INSERT INTO outbox (org_id, event, cron_monitor_id, incident_id, run_id, created_at)
  SELECT o.org_id, 'incident.opened', o.cron_monitor_id, o.id, l.run_id, $5::timestamp
  FROM opened o JOIN plan u ON u.monitor_id = o.cron_monitor_id AND u.notify LEFT JOIN last_run l ON l.monitor_id = o.cron_monitor_id)
SELECT id FROM opened`;

/** Running runs not yet alerted, claimed until commit. */
export const RUNNING_RUNS = `
SELECT r.id AS run_id, r.rid, ${iso("r.started_at")} AS started_at, m.id, m.org_id, m.grace_seconds, m.max_runtime_seconds, m.snoozed_until,
  ${monitorMaintenanceUntil("postgresql", "m", "$1")} AS maintenance_until, ${monitorParentIncident("m")} AS parent_incident_id
FROM cron_runs r JOIN cron_monitors m ON m.id = r.monitor_id
WHERE r.status = 'running' AND r.timed_out = false AND r.started_at <= $1::timestamp AND m.paused = false AND m.suspended = false
FOR UPDATE OF r SKIP LOCKED`;

/**
 * Flags the overrunning runs, takes their monitors down and opens one incident per monitor with none
 * open (the opening of its first run's plan), with its outbox row unless held. Params: run ids,
 * monitor ids, org ids, reasons, now, kinds, notify?, parent incidents, held? (the openings the
 * plans decided, domain/incidents.ts; a run whose plan opens nothing has a null kind). Returns one
 * row per incident opened.
 */
export const TIME_OUT_RUNS = `
WITH u AS (SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $6::text[], $7::boolean[], $8::int[], $9::boolean[])
  AS u(run_id, monitor_id, org_id, reason, kind, notify, parent, held)),
flagged AS (
  UPDATE cron_runs r SET timed_out = true FROM u WHERE r.id = u.run_id AND r.status = 'running' AND NOT r.timed_out
  RETURNING r.id, r.monitor_id),
down AS (
  UPDATE cron_monitors m SET state = 'down', state_since = CASE WHEN m.state = 'down' THEN m.state_since ELSE $5::timestamp END
  WHERE m.id IN (SELECT monitor_id FROM flagged)),
${openedCte(
  "SELECT DISTINCT ON (u.monitor_id) u.org_id, u.monitor_id, u.kind, u.reason, $5::timestamp, u.held, u.parent FROM u WHERE u.kind IS NOT NULL ORDER BY u.monitor_id, u.run_id",
)},
notified AS (
  INSERT INTO outbox (org_id, event, cron_monitor_id, incident_id, run_id, created_at)
  SELECT o.org_id, 'incident.opened', o.cron_monitor_id, o.id, f.run_id, $5::timestamp
  FROM opened o JOIN LATERAL (SELECT u.run_id, u.notify FROM u WHERE u.monitor_id = o.cron_monitor_id AND u.kind IS NOT NULL ORDER BY u.run_id LIMIT 1) f ON f.notify)
SELECT id FROM opened`;

/** One batch of runs older than the cutoff and their logs. Params: cutoff, batch size. */
export const DELETE_OLD_RUNS = `
WITH doomed AS (SELECT id FROM cron_runs WHERE started_at < $1::timestamp ORDER BY started_at, id LIMIT $2),
logs AS (DELETE FROM cron_run_logs WHERE run_id IN (SELECT id FROM doomed) RETURNING 1),
runs AS (DELETE FROM cron_runs WHERE id IN (SELECT id FROM doomed) RETURNING 1)
SELECT (SELECT count(*) FROM logs)::int AS logs, (SELECT count(*) FROM runs)::int AS runs`;

/** Audit entries of organizations on the plans $3 ($4: on any other plan). */
export const DELETE_OLD_AUDIT = `DELETE FROM audit_entries WHERE id IN (SELECT a.id FROM audit_entries a JOIN organizations o ON o.id = a.org_id
  WHERE a.at < $1::timestamp AND (o.plan = ANY($3::text[])) <> $4::boolean LIMIT $2)`;
export const DELETE_OLD_OUTBOX = `DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE processed_at < $1::timestamp LIMIT $2)`;
export const DELETE_OLD_DELIVERIES = `DELETE FROM deliveries WHERE id IN (SELECT id FROM deliveries WHERE created_at < $1::timestamp LIMIT $2)`;
/** Status page subscribers' mails (notify/subscribers.ts), counted with the deliveries. */
export const DELETE_OLD_SUBSCRIBER_MAILS = `DELETE FROM status_page_subscriber_mails
  WHERE id IN (SELECT id FROM status_page_subscriber_mails WHERE created_at < $1::timestamp LIMIT $2)`;

export const RECORD_STATUS = `
INSERT INTO system_status (key, value, updated_at) VALUES ($1, $2, $3::timestamp)
ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`;
