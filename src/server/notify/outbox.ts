import { describeSchedule } from "../../shared/schedule";
import { isoSeconds } from "../../shared/time";
import { displayState, scheduleOf } from "../domain/monitor-state";
import { dashboardLink, logTail, serviceLink, type Payload } from "../../shared/notifications/payload";
import { displayedStatus } from "../domain/service-rules";
import type { Target } from "./senders";
import { receivesEvent } from "../../shared/integration-events";
import { outboxStore, type OutboxChildRow, type OutboxMonitorRow, type OutboxRow } from "../storage/outbox-store";
import type { SqlRunner } from "../storage/runner";

export type { OutboxRow } from "../storage/outbox-store";

/** A claim older than this is taken to belong to a crashed process and may be taken over. */
export const CLAIM_LEASE_MS = 5 * 60_000;

const wire = (t: string | null) => (t ? isoSeconds(new Date(t)) : null);

/** Reads an outbox event's payload and targets on either engine. */
export function outboxReader(sql: SqlRunner) {
  const store = outboxStore(sql);
  const monitor = store.monitor;
  const serviceOf = store.service;
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
      if (!(await store.window(row.window_id))) return [];
      return store.orgTargets(row.org_id);
    }
    const m = await monitor(row.cron_monitor_id);
    if (row.cron_monitor_id && !m) return []; // the monitor was deleted meanwhile: nobody to tell about it
    if (row.service_id && !(await serviceOf(row.service_id))) return []; // likewise the service
    const listed = m ? parseIds(m.integration_ids) : [];
    if (listed.length > 0) {
      const chosen = (await store.orgTargets(row.org_id)).filter((t) => listed.includes(t.id));
      if (chosen.length > 0) return chosen;
    }
    return store.defaultTargets(row.org_id);
  }

  async function stillReminding(row: OutboxRow): Promise<boolean> {
    const incident = await store.incident(row.incident_id);
    return !!incident && incident.status === "open" && incident.acknowledged_at === null;
  }

  return {
    /** The event's payload as of now (the incident may since have been resolved, the run finished). */
    async payload(row: OutboxRow, appUrl: string): Promise<Payload> {
      const m = await monitor(row.cron_monitor_id);
      const service = await serviceOf(row.service_id);
      const incident = await store.incident(row.incident_id);
      const run = row.run_id ? await store.run(row.run_id) : m ? await store.latestRun(m.id) : undefined;
      const tail = run ? await store.logTail(run.id) : undefined;
      const children: OutboxChildRow[] =
        row.event === "incident.resolved" && incident ? await store.children(incident.id, row.org_id) : [];
      const window = row.window_id !== null ? await store.window(row.window_id) : undefined;
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
              flag: run.flag,
              flag_detail: run.flag_detail,
              log_tail: logTail(tail),
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

function scheduleText(m: OutboxMonitorRow): string {
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
