/**
 * The notification payload (decisions 7): the event, the monitor with its dashboard link, the
 * incident, and the last run's status with the tail of its log. Webhooks receive it as JSON; every
 * other kind renders it through the one message model (message.ts).
 */
export type NotificationEvent =
  | "incident.opened"
  | "incident.resolved"
  | "incident.reminder"
  | "incident.acknowledged"
  | "incident.updated"
  | "run.drifted"
  | "maintenance.started"
  | "maintenance.ended"
  /** Status page subscribers only (no integration receives it): a window was created with its run ahead. */
  | "maintenance.scheduled"
  | "test";

export type Payload = {
  event: NotificationEvent;
  /** The outbox row id: stable across retries, so a receiver can drop duplicates. Null for tests. */
  event_id: number | null;
  occurred_at: string;
  monitor: {
    id: number;
    name: string;
    state: string;
    schedule: string;
    next_expected_at: string | null;
    last_ping_at: string | null;
    url: string;
  } | null;
  /** The actively checked service of a `service_down` incident, with its dashboard link. */
  service: { id: number; name: string; status: string; url: string } | null;
  /** The project of the monitor or service, if it has one. */
  project: { id: number; name: string } | null;
  incident: {
    id: number;
    service: number | null;
    cron_monitor: number | null;
    kind: string;
    status: string;
    reason: string;
    opened_at: string;
    resolved_at: string | null;
    acknowledged_at: string | null;
    acknowledged_by: string | null;
  } | null;
  /**
   * A parent's `incident.resolved` only, when incidents of objects that depend on it (`depends_on`)
   * opened under it: each child incident, `open` if the child is still failing (it is notified on
   * its own), `resolved` if it recovered meanwhile (never notified). Absent otherwise.
   */
  children?: {
    incident_id: number;
    cron_monitor: number | null;
    service: number | null;
    name: string;
    status: string;
  }[];
  run: {
    rid: string;
    status: string;
    started_at: string;
    finished_at: string | null;
    exit_code: number | null;
    duration_ms: number | null;
    baseline_ms: number | null;
    drifted: boolean;
    /** What a run rule found wrong with the run (docs/api-cron-monitors.md, "Run rules"), null: nothing. */
    flag: string | null;
    /** The flag's detail: the failure keyword found. */
    flag_detail: string | null;
    log_tail: string | null;
  } | null;
  /** maintenance.started / maintenance.ended only: the window and the run that started or ended. */
  maintenance?: { id: number; title: string; starts_at: string; ends_at: string } | null;
};

/** The last lines of a run log that travel in a notification. */
export const LOG_TAIL_LINES = 20;
export const LOG_TAIL_CHARS = 2000;

export function logTail(body: string | null | undefined): string | null {
  if (!body) return null;
  const lines = body.replace(/\s+$/, "").split("\n");
  const tail = lines.slice(-LOG_TAIL_LINES).join("\n");
  return tail.length > LOG_TAIL_CHARS ? tail.slice(-LOG_TAIL_CHARS) : tail;
}

export const dashboardLink = (appUrl: string, monitorId: number) => `${appUrl}/monitors/${monitorId}`;
export const serviceLink = (appUrl: string, serviceId: number) => `${appUrl}/services/${serviceId}`;

/** What `POST /integrations/{id}/test` sends. */
export function testPayload(now: Date): Payload {
  return {
    event: "test",
    event_id: null,
    occurred_at: now.toISOString().slice(0, 19) + "Z",
    monitor: null,
    service: null,
    project: null,
    incident: null,
    run: null,
  };
}
