import type { NotificationEvent } from "../../shared/notifications/payload";
import { tailOf, type Engine } from "./dialect";
import type { SqlRunner } from "./runner";

/**
 * The delivery worker's statements (notify/deliver.ts, notify/outbox.ts): the outbox's claims, the
 * reads an event's payload and targets are made of, the deliveries recorded and the integrations'
 * failing marks. The same SQL on both engines but for the log's tail (dialect.ts).
 */
export type OutboxRow = {
  id: number;
  org_id: number;
  event: NotificationEvent;
  cron_monitor_id: number | null;
  service_id: number | null;
  incident_id: number | null;
  run_id: number | null;
  /** incident.updated: the update (status page subscribers). */
  update_id: number | null;
  created_at: string;
  /** incident.reminder: the one integration it is for (storage/reminders.ts); null for every other event. */
  integration_id: number | null;
  /** maintenance.started / maintenance.ended: the window and its run (sweep/maintenance-runs.ts). */
  window_id: number | null;
  window_starts_at: string | null;
  window_ends_at: string | null;
};

export type OutboxMonitorRow = {
  id: number;
  name: string;
  state: string;
  paused: number | boolean;
  suspended: number | boolean;
  schedule_kind: string;
  cron_expression: string | null;
  timezone: string;
  period_seconds: number | null;
  next_expected_at: string | null;
  last_ping_at: string | null;
  integration_ids: string;
  project_id: number | null;
  project_name: string | null;
};

export type OutboxServiceRow = {
  id: number;
  name: string;
  status: string;
  enabled: number | boolean;
  project_id: number | null;
  project_name: string | null;
};

export type OutboxIncidentRow = {
  id: number;
  service_id: number | null;
  cron_monitor_id: number | null;
  kind: string;
  status: string;
  reason: string;
  opened_at: string;
  resolved_at: string | null;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
};

export type OutboxRunRow = {
  id: number;
  rid: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  exit_code: number | null;
  duration_ms: number | null;
  baseline_ms: number | null;
  drifted: number | boolean;
  flag: string | null;
  flag_detail: string | null;
};

export type OutboxChildRow = {
  id: number;
  cron_monitor_id: number | null;
  service_id: number | null;
  status: string;
  name: string | null;
};

/** An integration as delivery sends to it (notify/senders.ts `Target`). */
export type IntegrationRow = {
  id: number;
  kind: string;
  url: string | null;
  email: string | null;
  secret: string | null;
  confirmed_at: string | Date | null;
  config: string;
  failing_reason: string | null;
  events: string;
};

/** One delivery attempt as recorded in `deliveries`. */
export type DeliveryAttempt = {
  integrationId: number;
  outboxId: number;
  event: string;
  attempt: number;
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  at: Date;
};

const runColumns = `id, rid, status, started_at, finished_at, exit_code, duration_ms, baseline_ms, drifted, flag, flag_detail`;
const targetColumns = `id, kind, url, email, secret, confirmed_at, config, failing_reason, events`;

/** The statements, written for `engine`. */
export function outboxStatements(engine: Engine) {
  return {
    pending: `SELECT id FROM outbox WHERE processed_at IS NULL AND (claimed_at IS NULL OR claimed_at < ?) ORDER BY id LIMIT ?`,
    /** Params: worker, now, id, expired. */
    claim: `UPDATE outbox SET claimed_by = ?, claimed_at = ? WHERE id = ? AND processed_at IS NULL AND (claimed_at IS NULL OR claimed_at < ?)`,
    /** Params: now, id, worker. */
    finish: `UPDATE outbox SET processed_at = ? WHERE id = ? AND claimed_by = ?`,
    row: `SELECT id, org_id, event, cron_monitor_id, service_id, incident_id, run_id, update_id, created_at, integration_id,
      window_id, window_starts_at, window_ends_at FROM outbox WHERE id = ?`,
    service: `SELECT id, name, status, enabled, project_id, (SELECT name FROM projects WHERE projects.id = services.project_id) AS project_name
      FROM services WHERE id = ?`,
    monitor: `SELECT id, name, state, paused, suspended, schedule_kind, cron_expression, timezone, period_seconds, next_expected_at,
      last_ping_at, integration_ids, project_id, (SELECT name FROM projects WHERE projects.id = cron_monitors.project_id) AS project_name
      FROM cron_monitors WHERE id = ?`,
    incident: `SELECT id, service_id, cron_monitor_id, kind, status, reason, opened_at, resolved_at, acknowledged_at, acknowledged_by
      FROM incidents WHERE id = ?`,
    /**
     * The incidents opened under a parent's incident (its `incident.resolved` lists them), of the
     * event's organization only (params: incident, the outbox row's org).
     */
    children: `SELECT i.id, i.cron_monitor_id, i.service_id, i.status, COALESCE(m.name, s.name) AS name FROM incidents i
      LEFT JOIN cron_monitors m ON m.id = i.cron_monitor_id LEFT JOIN services s ON s.id = i.service_id
      WHERE i.parent_incident_id = ? AND i.org_id = ? ORDER BY i.id`,
    runById: `SELECT ${runColumns} FROM cron_runs WHERE id = ?`,
    latestRun: `SELECT ${runColumns} FROM cron_runs WHERE monitor_id = ? ORDER BY started_at DESC, id DESC LIMIT 1`,
    logTail: `SELECT ${tailOf(engine, "body", 4000)} AS tail FROM cron_run_logs WHERE run_id = ?`,
    window: `SELECT id, title FROM maintenance_windows WHERE id = ?`,
    defaultTargets: `SELECT ${targetColumns} FROM integrations WHERE org_id = ? AND is_default = TRUE ORDER BY id`,
    orgTargets: `SELECT ${targetColumns} FROM integrations WHERE org_id = ? ORDER BY id`,
    delivered: `SELECT 1 AS yes FROM deliveries WHERE outbox_id = ? AND integration_id = ? AND status = 'success' LIMIT 1`,
    /** Params: integration, outbox, event, attempt, status, response status, error, duration, now. */
    recordAttempt: `INSERT INTO deliveries (integration_id, outbox_id, event, attempt, status, response_status, error, duration_ms, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    /** Params: reason, now, id. Keeps the first refusal's time while it keeps failing. */
    markFailing: `UPDATE integrations SET failing_reason = ?, failing_since = COALESCE(failing_since, ?) WHERE id = ?`,
    /** Params: id. */
    clearFailing: `UPDATE integrations SET failing_reason = NULL, failing_since = NULL WHERE id = ? AND failing_reason IS NOT NULL`,
  };
}

const STATEMENTS = { sqlite: outboxStatements("sqlite"), postgresql: outboxStatements("postgresql") };

/** SQLite's and PostgreSQL's foreign-key violation. */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "23503";
}

/** The delivery worker's reads and writes on `sql`, one statement each. */
export function outboxStore(sql: SqlRunner) {
  const s = STATEMENTS[sql.kind];
  const byId =
    <T>(statement: string) =>
    (id: number | null) =>
      id ? sql.get<T>(statement, [id]) : Promise.resolve(undefined);
  return {
    /** Up to `limit` ids of unprocessed events not claimed since `expired`, oldest first. */
    pendingIds: async (expired: Date, limit: number) =>
      (await sql.all<{ id: number }>(s.pending, [expired, limit])).map((r) => r.id),
    /** Claims the event for `worker` (compare-and-swap); false when another worker has it. */
    claim: async (id: number, worker: string, now: Date, expired: Date) =>
      (await sql.run(s.claim, [worker, now, id, expired])) === 1,
    row: byId<OutboxRow>(s.row),
    /** Marks the event processed, if `worker` still holds its claim. */
    finish: (id: number, worker: string, now: Date) => sql.run(s.finish, [now, id, worker]),
    monitor: byId<OutboxMonitorRow>(s.monitor),
    service: byId<OutboxServiceRow>(s.service),
    incident: byId<OutboxIncidentRow>(s.incident),
    /** The incidents opened under `incident`, of `orgId` only. */
    children: (incident: number, orgId: number) => sql.all<OutboxChildRow>(s.children, [incident, orgId]),
    run: byId<OutboxRunRow>(s.runById),
    latestRun: byId<OutboxRunRow>(s.latestRun),
    /** The last 4000 characters of a run's log. */
    logTail: async (runId: number) => (await sql.get<{ tail: string }>(s.logTail, [runId]))?.tail,
    window: byId<{ id: number; title: string }>(s.window),
    orgTargets: (orgId: number) => sql.all<IntegrationRow>(s.orgTargets, [orgId]),
    defaultTargets: (orgId: number) => sql.all<IntegrationRow>(s.defaultTargets, [orgId]),
    /** Whether the event reached the integration already (a previous claimant's success). */
    delivered: async (outboxId: number, integrationId: number) =>
      !!(await sql.get(s.delivered, [outboxId, integrationId])),
    /** Records one attempt; false when the integration no longer exists (other failures throw). */
    async recordAttempt(a: DeliveryAttempt): Promise<boolean> {
      try {
        await sql.run(s.recordAttempt, [
          a.integrationId,
          a.outboxId,
          a.event,
          a.attempt,
          a.ok ? "success" : "failed",
          a.responseStatus,
          a.error,
          a.durationMs,
          a.at,
        ]);
        return true;
      } catch (err) {
        if (isForeignKeyViolation(err)) return false;
        throw err;
      }
    },
    markFailing: (integrationId: number, reason: string, now: Date) =>
      sql.run(s.markFailing, [reason, now, integrationId]),
    clearFailing: (integrationId: number) => sql.run(s.clearFailing, [integrationId]),
  };
}

export type OutboxStore = ReturnType<typeof outboxStore>;
