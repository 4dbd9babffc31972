/**
 * The PostgreSQL ping store's statements (prepared once per connection by name). Booleans are
 * PostgreSQL booleans, timestamps ISO strings (see pool.ts).
 */

/** A run as the pairing rules need it. */
export type PgRunRow = { id: number; rid: string; status: string; started_at: string; events: string };

export type PgMonitorRow = {
  id: number;
  org_id: number;
  schedule_kind: string;
  cron_expression: string | null;
  timezone: string;
  period_seconds: number | null;
  max_runtime_seconds: number | null;
  drift_pct: number;
  drift_min_seconds: number;
  drift_alerts: boolean;
  paused: boolean;
  suspended: boolean;
  state: string;
  next_expected_at: string | null;
  recent_pings: string;
  unattached_events: string;
  run_by_rid: PgRunRow | null;
  open_run: PgRunRow | null;
  latest_run: PgRunRow | null;
  any_running: boolean;
  success_durations: number[] | null;
};

const runJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'rid', ${alias}.rid, 'status', ${alias}.status,
     'started_at', to_char(${alias}.started_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'events', ${alias}.events)`;

/**
 * ONE read per event: the monitor (by token, or by id within its organization), locked FOR UPDATE
 * until commit, with every run the pairing rules may need: the run of the sent rid, the latest
 * running run with a synthesized rid, the latest run, whether any run is running, and (for a success)
 * the durations of the last 20 successful runs for the drift baseline. Params: token, id, org, rid,
 * wants durations.
 */
export const READ_SQL = `
SELECT m.id, m.org_id, m.schedule_kind, m.cron_expression, m.timezone, m.period_seconds, m.max_runtime_seconds,
  m.drift_pct, m.drift_min_seconds, m.drift_alerts, m.paused, m.suspended, m.state, m.next_expected_at,
  m.recent_pings, m.unattached_events,
  (SELECT ${runJson("r")} FROM cron_runs r WHERE $4::text IS NOT NULL AND r.monitor_id = m.id AND r.rid = $4) AS run_by_rid,
  (SELECT ${runJson("r")} FROM cron_runs r WHERE r.monitor_id = m.id AND r.status = 'running' AND r.rid_generated
     ORDER BY r.started_at DESC, r.id DESC LIMIT 1) AS open_run,
  (SELECT ${runJson("r")} FROM cron_runs r WHERE r.monitor_id = m.id ORDER BY r.started_at DESC, r.id DESC LIMIT 1) AS latest_run,
  EXISTS (SELECT 1 FROM cron_runs r WHERE r.monitor_id = m.id AND r.status = 'running') AS any_running,
  CASE WHEN $5::boolean THEN ARRAY(
    SELECT r.duration_ms FROM cron_runs r WHERE r.monitor_id = m.id AND r.status = 'success' AND r.duration_ms IS NOT NULL
    ORDER BY r.started_at DESC LIMIT 20) END AS success_durations
FROM cron_monitors m
WHERE ($1::text IS NOT NULL AND m.ping_token = $1) OR ($1::text IS NULL AND m.id = $2::int AND m.org_id = $3::int)
FOR UPDATE OF m`;

/**
 * A new run (a start, or a completion with nothing to pair with) and its log, in one statement.
 * Params: monitor, rid, rid generated, status, started, finished, exit code, overlapped, source,
 * meta, log text, log bytes, truncated.
 */
export const INSERT_RUN_SQL = `
WITH run AS (
  INSERT INTO cron_runs (monitor_id, rid, rid_generated, status, started_at, finished_at, exit_code, duration_ms,
    log_bytes, truncated, overlapped, drifted, baseline_ms, source, meta, events, created_at)
  VALUES ($1, $2, $3, $4, $5::timestamp, $6::timestamp, $7, NULL, $12, $13, $8, false, NULL, $9, $10, '[]', $5::timestamp)
  RETURNING id),
log AS (
  INSERT INTO cron_run_logs (run_id, body) SELECT id, $11 FROM run WHERE $11::text IS NOT NULL)
SELECT id FROM run`;

/**
 * Completes a running run and replaces its log when one was sent. Params: run, status, finished,
 * exit code, duration, drifted, baseline, meta, log text, log bytes, truncated.
 */
export const COMPLETE_RUN_SQL = `
WITH run AS (
  UPDATE cron_runs SET status = $2, finished_at = $3::timestamp, exit_code = $4, duration_ms = $5, drifted = $6,
    baseline_ms = $7, meta = COALESCE($8, meta),
    log_bytes = CASE WHEN $9::text IS NULL THEN log_bytes ELSE $10 END,
    truncated = CASE WHEN $9::text IS NULL THEN truncated ELSE $11 END
  WHERE id = $1 AND status = 'running'
  RETURNING id)
INSERT INTO cron_run_logs (run_id, body) SELECT id, $9 FROM run WHERE $9::text IS NOT NULL
ON CONFLICT (run_id) DO UPDATE SET body = excluded.body`;

/** The run's `/log` timeline. Params: run, events JSON. */
export const SET_EVENTS_SQL = `UPDATE cron_runs SET events = $2 WHERE id = $1`;

/**
 * The monitor after the event, with the incident and outbox rows of its flip, in one statement.
 * Params: monitor, now, recent pings, state, state since (or null), next expected, last run status,
 * paused, unattached events, org, run, resolve?, open a "failed" incident?, drifted alert?
 */
export const FINISH_SQL = `
WITH monitor AS (
  UPDATE cron_monitors SET last_ping_at = $2::timestamp, recent_pings = $3, state = $4,
    state_since = COALESCE($5::timestamp, state_since), next_expected_at = $6::timestamp, last_run_status = $7,
    paused = $8, unattached_events = $9
  WHERE id = $1),
resolved AS (
  UPDATE incidents SET status = 'resolved', resolved_at = $2::timestamp
  WHERE $12::boolean AND cron_monitor_id = $1 AND status = 'open' RETURNING id),
opened AS (
  INSERT INTO incidents (org_id, cron_monitor_id, kind, status, reason, opened_at)
  SELECT $10, $1, 'failed', 'open', 'The job reported a failure', $2::timestamp WHERE $13::boolean
  ON CONFLICT DO NOTHING RETURNING id)
INSERT INTO outbox (org_id, event, cron_monitor_id, incident_id, run_id, created_at)
SELECT $10, 'incident.resolved', $1, id, $11::int, $2::timestamp FROM resolved
UNION ALL SELECT $10, 'incident.opened', $1, id, $11::int, $2::timestamp FROM opened
UNION ALL SELECT $10, 'run.drifted', $1, NULL, $11::int, $2::timestamp WHERE $14::boolean`;
