import { describeSchedule } from "../../shared/schedule";
import { isoSeconds } from "../../shared/time";
import { displayState, scheduleOf } from "../domain/monitor-state";
import {
  dashboardLink,
  logTail,
  serviceLink,
  type NotificationEvent,
  type Payload,
} from "../../shared/notifications/payload";
import { displayedStatus } from "../domain/service-rules";
import type { Target } from "./senders";
import { receivesEvent } from "../../shared/integration-events";
import type { SqlRunner } from "../storage/runner";

/** A claim older than this is taken to belong to a crashed process and may be taken over. */
export const CLAIM_LEASE_MS = 5 * 60_000;

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

type MonitorRow = {
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

type IncidentRow = {
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

type RunRow = {
  id: number;
  rid: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  exit_code: number | null;
  duration_ms: number | null;
  baseline_ms: number | null;
  drifted: number | boolean;
};

const wire = (t: string | null) => (t ? isoSeconds(new Date(t)) : null);

const runColumns = `id, rid, status, started_at, finished_at, exit_code, duration_ms, baseline_ms, drifted`;
const targetColumns = `id, kind, url, email, secret, confirmed_at, config, failing_reason, events`;

/** The outbox and delivery statements of the delivery worker, the same SQL on both engines. */
export const OUTBOX_SQL = {
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
  logTail: {
    sqlite: `SELECT substr(body, -4000) AS tail FROM cron_run_logs WHERE run_id = ?`,
    postgresql: `SELECT right(body, 4000) AS tail FROM cron_run_logs WHERE run_id = ?`,
  },
  window: `SELECT id, title FROM maintenance_windows WHERE id = ?`,
  defaultTargets: `SELECT ${targetColumns} FROM integrations WHERE org_id = ? AND is_default = TRUE ORDER BY id`,
  orgTargets: `SELECT ${targetColumns} FROM integrations WHERE org_id = ? ORDER BY id`,
  delivered: `SELECT 1 AS yes FROM deliveries WHERE outbox_id = ? AND integration_id = ? AND status = 'success' LIMIT 1`,
  /** Params: integration, outbox, event, attempt, status, response status, error, duration, now. */
  recordAttempt: `INSERT INTO deliveries (integration_id, outbox_id, event, attempt, status, response_status, error, duration_ms, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
};

/** Reads an outbox event's payload and targets on either engine. */
export function outboxReader(sql: SqlRunner) {
  const monitor = (id: number | null) =>
    id ? sql.get<MonitorRow>(OUTBOX_SQL.monitor, [id]) : Promise.resolve(undefined);
  const serviceOf = (id: number | null) =>
    id
      ? sql.get<{
          id: number;
          name: string;
          status: string;
          enabled: number | boolean;
          project_id: number | null;
          project_name: string | null;
        }>(OUTBOX_SQL.service, [id])
      : Promise.resolve(undefined);
  /**
   * Who hears about the event before routing: the monitor's `integration_ids` (those still existing
   * in its organization), or the organization's defaults when that list is empty (or names none that
   * still exists). Nobody when the monitor has been deleted. Routing then keeps the integrations
   * whose `events` include the event.
   */
  async function chosenTargets(row: OutboxRow): Promise<Target[]> {
    // A maintenance announcement is the organization's: every integration of it (that chose the
    // event, below), and nobody once the window has been deleted.
    if (row.window_id !== null) {
      if (!(await sql.get(OUTBOX_SQL.window, [row.window_id]))) return [];
      return sql.all<Target>(OUTBOX_SQL.orgTargets, [row.org_id]);
    }
    const m = await monitor(row.cron_monitor_id);
    if (row.cron_monitor_id && !m) return []; // the monitor was deleted meanwhile: nobody to tell about it
    if (row.service_id && !(await serviceOf(row.service_id))) return []; // likewise the service
    const listed = m ? parseIds(m.integration_ids) : [];
    if (listed.length > 0) {
      const chosen = (await sql.all<Target>(OUTBOX_SQL.orgTargets, [row.org_id])).filter((t) => listed.includes(t.id));
      if (chosen.length > 0) return chosen;
    }
    return sql.all<Target>(OUTBOX_SQL.defaultTargets, [row.org_id]);
  }

  async function stillReminding(row: OutboxRow): Promise<boolean> {
    const incident = row.incident_id ? await sql.get<IncidentRow>(OUTBOX_SQL.incident, [row.incident_id]) : undefined;
    return !!incident && incident.status === "open" && incident.acknowledged_at === null;
  }

  return {
    /** The event's payload as of now (the incident may since have been resolved, the run finished). */
    async payload(row: OutboxRow, appUrl: string): Promise<Payload> {
      const m = await monitor(row.cron_monitor_id);
      const service = await serviceOf(row.service_id);
      const incident = row.incident_id ? await sql.get<IncidentRow>(OUTBOX_SQL.incident, [row.incident_id]) : undefined;
      const run = row.run_id
        ? await sql.get<RunRow>(OUTBOX_SQL.runById, [row.run_id])
        : m
          ? await sql.get<RunRow>(OUTBOX_SQL.latestRun, [m.id])
          : undefined;
      const log = run ? await sql.get<{ tail: string }>(OUTBOX_SQL.logTail[sql.kind], [run.id]) : undefined;
      const children =
        row.event === "incident.resolved" && incident
          ? await sql.all<ChildRow>(OUTBOX_SQL.children, [incident.id, row.org_id])
          : [];
      const window =
        row.window_id !== null
          ? await sql.get<{ id: number; title: string }>(OUTBOX_SQL.window, [row.window_id])
          : undefined;
      return {
        event: row.event,
        event_id: row.id,
        occurred_at: wire(row.created_at)!,
        monitor: m
          ? {
              id: m.id,
              name: m.name,
              state: displayState(m.state, !!m.paused, !!m.suspended),
              schedule: scheduleText(m),
              next_expected_at: wire(m.next_expected_at),
              last_ping_at: wire(m.last_ping_at),
              url: dashboardLink(appUrl, m.id),
            }
          : null,
        service: service
          ? {
              id: service.id,
              name: service.name,
              status: displayedStatus(!!service.enabled, service.status),
              url: serviceLink(appUrl, service.id),
            }
          : null,
        project: projectOf(m ?? service),
        incident: incident
          ? {
              id: incident.id,
              service: incident.service_id,
              cron_monitor: incident.cron_monitor_id,
              kind: incident.kind,
              status: incident.status,
              reason: incident.reason,
              opened_at: wire(incident.opened_at)!,
              resolved_at: wire(incident.resolved_at),
              acknowledged_at: wire(incident.acknowledged_at),
              acknowledged_by: incident.acknowledged_by,
            }
          : null,
        ...(children.length > 0
          ? {
              children: children.map((c) => ({
                incident_id: Number(c.id),
                cron_monitor: c.cron_monitor_id,
                service: c.service_id,
                name: c.name ?? "",
                status: c.status,
              })),
            }
          : {}),
        run: run
          ? {
              rid: run.rid,
              status: run.status,
              started_at: wire(run.started_at)!,
              finished_at: wire(run.finished_at),
              exit_code: run.exit_code,
              duration_ms: run.duration_ms,
              baseline_ms: run.baseline_ms,
              drifted: !!run.drifted,
              log_tail: logTail(log?.tail),
            }
          : null,
        // Only on maintenance announcements: the other events' payloads keep their shape.
        ...(row.window_id !== null
          ? {
              maintenance:
                window && row.window_starts_at && row.window_ends_at
                  ? {
                      id: Number(window.id),
                      title: window.title,
                      starts_at: wire(row.window_starts_at)!,
                      ends_at: wire(row.window_ends_at)!,
                    }
                  : null,
            }
          : {}),
      };
    },
    /**
     * Who hears about the event: the chosen integrations whose `events` include it. A reminder goes
     * to its one integration only, and to nobody once its incident was acknowledged or resolved
     * after the sweep wrote it.
     */
    async targets(row: OutboxRow): Promise<Target[]> {
      if (row.event === "incident.reminder" && !(await stillReminding(row))) return [];
      const targets = (await chosenTargets(row)).filter((t) => receivesEvent(t.events, row.event));
      return row.integration_id === null ? targets : targets.filter((t) => t.id === row.integration_id);
    },
  };
}

type ChildRow = {
  id: number;
  cron_monitor_id: number | null;
  service_id: number | null;
  status: string;
  name: string | null;
};

function projectOf(owner: { project_id: number | null; project_name: string | null } | undefined): Payload["project"] {
  return owner?.project_id != null && owner.project_name != null
    ? { id: owner.project_id, name: owner.project_name }
    : null;
}

function parseIds(json: string): number[] {
  try {
    const ids: unknown = JSON.parse(json);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

function scheduleText(m: MonitorRow): string {
  try {
    const text = describeSchedule(
      scheduleOf({
        scheduleKind: m.schedule_kind,
        cronExpression: m.cron_expression,
        timezone: m.timezone,
        periodSeconds: m.period_seconds,
      }),
    );
    return m.schedule_kind === "cron" && m.timezone !== "UTC" ? `${text} (${m.timezone})` : text;
  } catch {
    return m.cron_expression ?? `every ${m.period_seconds} s`;
  }
}
