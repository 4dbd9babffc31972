import type { IncidentSubject } from "../domain/incidents";
import type { SqlRunner } from "./runner";
import { releaseHeld } from "./incident-executor";
import { monitorMaintenanceUntil, serviceMaintenanceUntil } from "./maintenance-sql";
import { monitorParentIncident, parentIncidentOf, serviceParentIncident } from "./dependency-sql";

/**
 * The open incidents still `held` (opened while a rule held their `incident.opened`), with what the
 * rules need of their object (a parent's open incident too: a child held by its parent is announced
 * once no parent is down). On the held-status index; an incident of a deleted object is gone with
 * it (cascade).
 */
const HELD_OPEN = (
  engine: SqlRunner["kind"],
) => `SELECT i.id, i.org_id, i.cron_monitor_id, i.service_id, i.kind, i.reason,
    COALESCE(m.snoozed_until, s.snoozed_until) AS snoozed_until,
    CASE WHEN m.id IS NOT NULL THEN ${monitorMaintenanceUntil(engine, "m", "?")} ELSE ${serviceMaintenanceUntil(engine, "s", "i.org_id", "?")} END AS maintenance_until,
    CASE WHEN m.id IS NOT NULL THEN ${monitorParentIncident("m")} ELSE ${serviceParentIncident("s")} END AS parent_incident_id
  FROM incidents i LEFT JOIN cron_monitors m ON m.id = i.cron_monitor_id LEFT JOIN services s ON s.id = i.service_id
  WHERE i.held = ? AND i.status = 'open'`;

/** The resolved incidents whose `incident.resolved` a rule held after their opening was notified. */
const HELD_RESOLVED = (
  engine: SqlRunner["kind"],
) => `SELECT i.id, i.org_id, i.cron_monitor_id, i.service_id, i.kind, i.reason,
    COALESCE(m.snoozed_until, s.snoozed_until) AS snoozed_until,
    CASE WHEN m.id IS NOT NULL THEN ${monitorMaintenanceUntil(engine, "m", "?")} ELSE ${serviceMaintenanceUntil(engine, "s", "i.org_id", "?")} END AS maintenance_until
  FROM incidents i LEFT JOIN cron_monitors m ON m.id = i.cron_monitor_id LEFT JOIN services s ON s.id = i.service_id
  WHERE i.resolution_held = ? AND i.status = 'resolved'`;

type HeldRow = {
  id: number;
  org_id: number | null;
  cron_monitor_id: number | null;
  service_id: number | null;
  kind: string;
  reason: string;
  snoozed_until: string | null;
  maintenance_until: string | null;
  /** HELD_OPEN only (a parent holds openings, not resolutions). */
  parent_incident_id?: number | string | null;
};

/** A held incident (or a held resolution) as the rules see it: its object, kind and reason. */
export type HeldIncident = {
  id: number;
  orgId: number | null;
  cronMonitorId: number | null;
  serviceId: number | null;
  kind: string;
  reason: string;
  subject: IncidentSubject;
};

/** One object whose held incidents are asked for (a snooze that ends: services/maintenance/snooze.ts). */
export type HeldOf = { type: "cron_monitor" | "service"; id: number };

/**
 * The open incidents still `held` (opened while a rule held their `incident.opened`), and the
 * resolved ones whose `incident.resolved` a rule held after their opening went out, of every object
 * or of `object` only (on the incidents' object indexes): one read each, no transaction.
 */
export async function heldIncidents(
  read: SqlRunner,
  now: Date,
  object?: HeldOf,
): Promise<{ opened: HeldIncident[]; resolved: HeldIncident[] }> {
  const [only, params] = object
    ? [` AND i.${object.type === "cron_monitor" ? "cron_monitor_id" : "service_id"} = ?`, [now, now, true, object.id]]
    : ["", [now, now, true]];
  const opened = await read.all<HeldRow>(HELD_OPEN(read.kind) + only, params);
  const resolved = await read.all<HeldRow>(HELD_RESOLVED(read.kind) + only, params);
  return { opened: opened.map(heldIncident), resolved: resolved.map(heldIncident) };
}

/**
 * Claims a held incident's notification by a compare-and-swap on `held` (an opening) or
 * `resolution_held` (a resolution) and writes its outbox row: true for exactly one caller however
 * many sweepers try at once (run inside a write transaction; incident-executor.ts writes it).
 */
export function claimHeld(
  tx: SqlRunner,
  incident: HeldIncident,
  event: "incident.opened" | "incident.resolved",
  now: Date,
): Promise<boolean> {
  const { type, id, orgId } = incident.subject;
  return releaseHeld(tx, { type, id, orgId, incidentId: incident.id }, event, now);
}

function heldIncident(row: HeldRow): HeldIncident {
  return {
    id: row.id,
    orgId: row.org_id,
    cronMonitorId: row.cron_monitor_id,
    serviceId: row.service_id,
    kind: row.kind,
    reason: row.reason,
    subject: {
      type: row.cron_monitor_id !== null ? "cron_monitor" : "service",
      id: Number(row.cron_monitor_id ?? row.service_id),
      orgId: row.org_id === null ? null : Number(row.org_id),
      snoozedUntil: row.snoozed_until === null ? null : new Date(row.snoozed_until),
      maintenanceUntil: row.maintenance_until === null ? null : new Date(row.maintenance_until),
      parentIncidentId: parentIncidentOf(row.parent_incident_id),
    },
  };
}
