import type { PingMonitor } from "../../domain/run-event-plan";
import { monitorMaintenanceUntil } from "../maintenance-sql";
import { monitorParentIncident } from "../dependency-sql";
import { openedCte, resolvedCte } from "./incident-statements";

/**
 * The PostgreSQL ping store's statements (prepared once per connection by name). Booleans are
 * PostgreSQL booleans, timestamps ISO strings (see pool.ts).
 */

/** A run as the pairing rules need it. */
export type PgRunRow = { id: number; rid: string; status: string; started_at: string; events: string };

/** A monitor as the ping rules read it (domain/run-event-plan.ts), with the candidate runs of its event. */
export type PgMonitorRow = PingMonitor & {
  drift_alerts: boolean;
  paused: boolean;
  suspended: boolean;
  run_by_rid: PgRunRow | null;
  open_run: PgRunRow | null;
  latest_run: PgRunRow | null;
  any_running: boolean;
  success_durations: number[] | null;
};

const runJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'rid', ${alias}.rid, 'status', ${alias}.status,
     'started_at', to_char(${alias}.started_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'events', ${alias}.events)`;

/** The wave's events (arrays, one element per event: token, id, org, rid, wants durations) and their monitors. */
const WAVE_MONITORS = `
FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::boolean[]) WITH ORDINALITY AS e(token, monitor_id, org_id, rid, wants, k)
JOIN cron_monitors m ON m.id = CASE WHEN e.token IS NOT NULL THEN (SELECT c.id FROM cron_monitors c WHERE c.ping_token = e.token) ELSE e.monitor_id END
  AND (e.token IS NOT NULL OR m.org_id = e.org_id)`;

/**
 * Locks the wave's monitors FOR UPDATE, in the order of the events (the group's lock order;
 * PostgreSQL locks after sorting), until commit: this serializes a monitor's events across
 * processes and machines. Its own statement, so that the read after it (a new snapshot under READ
 * COMMITTED) sees everything a transaction it waited for had committed.
 */
export const LOCK_MANY_SQL = `SELECT m.id ${WAVE_MONITORS} ORDER BY e.k FOR UPDATE OF m`;

/**
 * ONE read for a wave of events (at most one event per monitor), after LOCK_MANY_SQL: each event's
 * monitor with every run the pairing rules may need: the run of the sent rid, the latest running
 * run with a synthesized rid, the latest run, whether any run is running, and (for a success) the
 * durations of the last 20 successful runs for the drift baseline. `k` is the event's 1-based
 * position; an event whose monitor is unknown has no row. Same parameters as LOCK_MANY_SQL, then
 * the wave's latest event time (the instant of the maintenance end read beside each monitor).
 */
export const READ_MANY_SQL = `
SELECT e.k::int AS k, m.id, m.org_id, m.schedule_kind, m.cron_expression, m.timezone, m.period_seconds, m.max_runtime_seconds,
  m.drift_pct, m.drift_min_seconds, m.drift_alerts, m.paused, m.suspended, m.state, m.next_expected_at,
  m.recent_pings, m.unattached_events, m.snoozed_until, m.run_rules, m.run_rules_state, ${monitorMaintenanceUntil("postgresql", "m", "$6")} AS maintenance_until,
  ${monitorParentIncident("m")} AS parent_incident_id,
  (SELECT ${runJson("r")} FROM cron_runs r WHERE e.rid IS NOT NULL AND r.monitor_id = m.id AND r.rid = e.rid) AS run_by_rid,
  (SELECT ${runJson("r")} FROM cron_runs r WHERE r.monitor_id = m.id AND r.status = 'running' AND r.rid_generated
     ORDER BY r.started_at DESC, r.id DESC LIMIT 1) AS open_run,
  (SELECT ${runJson("r")} FROM cron_runs r WHERE r.monitor_id = m.id ORDER BY r.started_at DESC, r.id DESC LIMIT 1) AS latest_run,
  EXISTS (SELECT 1 FROM cron_runs r WHERE r.monitor_id = m.id AND r.status = 'running') AS any_running,
  CASE WHEN e.wants THEN ARRAY(
    SELECT r.duration_ms FROM cron_runs r WHERE r.monitor_id = m.id AND r.status = 'success' AND r.duration_ms IS NOT NULL
    ORDER BY r.started_at DESC LIMIT 20) END AS success_durations
${WAVE_MONITORS}
ORDER BY e.k`;

/**
 * ONE write for a wave (at most one event per monitor, so a monitor id is a key here): the new
 * runs (a start, or a completion with nothing to pair with) with their logs, the completed runs with
 * their logs, the `/log` timelines, then every monitor after its event with the incident and outbox
 * rows of its flip. An outbox row names the event's run: a new run's id comes from the insert.
 * Params, in groups of arrays (see `WaveWrites` in ping-store.ts):
 *   new runs $1-$13: monitor, rid, rid generated, status, started, finished, exit code, overlapped,
 *     source, meta, log text, log bytes, truncated;
 *   completions $14-$24: run, status, finished, exit code, duration, drifted, baseline, meta, log
 *     text, log bytes, truncated;
 *   timelines $25-$26: run, events JSON;
 *   monitors $27-$46: monitor, now, recent pings, state, state since (or null), next expected, last
 *     run status, paused, unattached events, org, run (null: the new run), then the event's incident
 *     plan (domain/incidents.ts): resolve?, notify the resolution?, the kind and reason of the
 *     incident to open (null: none), notify its opening?, drifted alert?, the parent incident it
 *     opens under (or null), the resolution held?, the opening held? (both as the plan decided). A
 *     resolution of an incident still held notifies nobody;
 *   then the run rules' columns (domain/run-rules.ts) $47-$51: the new runs' flag and its detail, the
 *     completions' flag and its detail, the monitors' run_rules_state.
 */
export const WRITE_MANY_SQL = `
WITH new_run AS (
  INSERT INTO cron_runs (monitor_id, rid, rid_generated, status, started_at, finished_at, exit_code, duration_ms,
    log_bytes, truncated, overlapped, drifted, baseline_ms, source, meta, events, created_at, flag, flag_detail)
  SELECT n.monitor_id, n.rid, n.generated, n.status, n.started, n.finished, n.exit_code, NULL, n.bytes, n.truncated,
    n.overlapped, false, NULL, n.source, n.meta, '[]', n.started, n.flag, n.flag_detail
  FROM unnest($1::int[], $2::text[], $3::boolean[], $4::text[], $5::timestamp[], $6::timestamp[], $7::int[], $8::boolean[],
    $9::text[], $10::text[], $12::int[], $13::boolean[], $47::text[], $48::text[]) AS n(monitor_id, rid, generated, status, started, finished, exit_code,
    overlapped, source, meta, bytes, truncated, flag, flag_detail)
  RETURNING id, monitor_id),
new_log AS (
  INSERT INTO cron_run_logs (run_id, body)
  SELECT r.id, l.body FROM new_run r JOIN unnest($1::int[], $11::text[]) AS l(monitor_id, body) ON l.monitor_id = r.monitor_id
  WHERE l.body IS NOT NULL),
completed AS (
  UPDATE cron_runs r SET status = c.status, finished_at = c.finished, exit_code = c.exit_code, duration_ms = c.duration,
    drifted = c.drifted, baseline_ms = c.baseline, meta = COALESCE(c.meta, r.meta), flag = c.flag, flag_detail = c.flag_detail,
    log_bytes = CASE WHEN c.body IS NULL THEN r.log_bytes ELSE c.bytes END,
    truncated = CASE WHEN c.body IS NULL THEN r.truncated ELSE c.truncated END
  FROM unnest($14::int[], $15::text[], $16::timestamp[], $17::int[], $18::int[], $19::boolean[], $20::int[], $21::text[],
    $22::text[], $23::int[], $24::boolean[], $49::text[], $50::text[])
    AS c(run_id, status, finished, exit_code, duration, drifted, baseline, meta, body, bytes, truncated, flag, flag_detail)
  WHERE r.id = c.run_id AND r.status = 'running'
  RETURNING r.id, c.body),
completed_log AS (
  INSERT INTO cron_run_logs (run_id, body) SELECT id, body FROM completed WHERE body IS NOT NULL
  ON CONFLICT (run_id) DO UPDATE SET body = excluded.body),
timeline AS (
  UPDATE cron_runs r SET events = t.events FROM unnest($25::int[], $26::text[]) AS t(run_id, events) WHERE r.id = t.run_id),
after AS (
  SELECT f.*, COALESCE(f.run, r.id) AS run_id
  FROM unnest($27::int[], $28::timestamp[], $29::text[], $30::text[], $31::timestamp[], $32::timestamp[], $33::text[],
    $34::boolean[], $35::text[], $36::int[], $37::int[], $38::boolean[], $39::boolean[], $40::text[], $41::text[], $42::boolean[],
    $43::boolean[], $44::int[], $45::boolean[], $46::boolean[], $51::text[])
    AS f(monitor_id, now, recent, state, since, next, last_status, paused, unattached, org_id, run, resolve, resolve_notify,
      open_kind, open_reason, open_notify, drift, open_parent, resolve_held, open_held, rules_state)
  LEFT JOIN new_run r ON r.monitor_id = f.monitor_id),
monitor AS (
  UPDATE cron_monitors m SET last_ping_at = a.now, recent_pings = a.recent, state = a.state,
    state_since = COALESCE(a.since, m.state_since), next_expected_at = a.next, last_run_status = a.last_status,
    paused = a.paused, unattached_events = a.unattached, run_rules_state = a.rules_state
  FROM after a WHERE m.id = a.monitor_id),
${resolvedCte("after")},
${openedCte("SELECT a.org_id, a.monitor_id, a.open_kind, a.open_reason, a.now, a.open_held, a.open_parent FROM after a WHERE a.open_kind IS NOT NULL")}
INSERT INTO outbox (org_id, event, cron_monitor_id, incident_id, run_id, created_at)
SELECT a.org_id, 'incident.resolved', a.monitor_id, i.id, a.run_id, a.now FROM resolved i JOIN after a ON a.monitor_id = i.cron_monitor_id
  WHERE a.resolve_notify AND NOT i.held
UNION ALL SELECT a.org_id, 'incident.opened', a.monitor_id, i.id, a.run_id, a.now FROM opened i JOIN after a ON a.monitor_id = i.cron_monitor_id
  WHERE a.open_notify
UNION ALL SELECT a.org_id, 'run.drifted', a.monitor_id, NULL, a.run_id, a.now FROM after a WHERE a.drift`;
