import { afterHoldEnds, notifies, type IncidentKind, type NotificationRules } from "../domain/incidents";
import type { SqlRunner } from "./runner";
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

const CLAIM_RESOLVED = `UPDATE incidents SET resolution_held = ? WHERE id = ? AND resolution_held = ?`;
const NOTIFY_RESOLVED = `INSERT INTO outbox (org_id, event, cron_monitor_id, service_id, incident_id, created_at) VALUES (?, 'incident.resolved', ?, ?, ?, ?)`;

/** The compare-and-swap that claims a held incident's notification: 1 row changed for exactly one caller. */
const CLAIM = `UPDATE incidents SET held = ? WHERE id = ? AND held = ? AND status = 'open'`;

const NOTIFY = `INSERT INTO outbox (org_id, event, cron_monitor_id, service_id, incident_id, created_at) VALUES (?, 'incident.opened', ?, ?, ?, ?)`;

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

/** Runs work in one write transaction. */
export type Transact = <T>(work: (sql: SqlRunner) => Promise<T>) => Promise<T>;

/**
 * Notifies every open incident whose hold has ended (domain/incidents.ts `afterHoldEnds`: a snooze
 * expired, a maintenance window's run ended, say), once: one read (no transaction when nothing is held), then in one transaction each
 * is claimed by a compare-and-swap on `held` before its outbox row is written, so any number of
 * sweepers at once notify it once. Returns how many were notified.
 */
export async function releaseHeldIncidents(
  read: SqlRunner,
  transact: Transact,
  rules: NotificationRules,
  now: Date,
): Promise<number> {
  const held = await read.all<HeldRow>(HELD_OPEN(read.kind), [now, now, true]);
  const ending = held.filter((row) =>
    afterHoldEnds(subjectOf(row), { kind: row.kind as IncidentKind, reason: row.reason }, rules, now),
  );
  // Resolutions held after a notified opening: notified once the hold ends, the same way.
  const resolved = await read.all<HeldRow>(HELD_RESOLVED(read.kind), [now, now, true]);
  const endingResolved = resolved.filter((row) => notifies(rules, subjectOf(row), { event: "incident.resolved" }, now));
  if (ending.length === 0 && endingResolved.length === 0) return 0;
  return transact(async (sql) => {
    let released = 0;
    for (const row of ending) {
      if ((await sql.run(CLAIM, [false, row.id, true])) !== 1) continue;
      await sql.run(NOTIFY, [row.org_id, row.cron_monitor_id, row.service_id, row.id, now]);
      released++;
    }
    for (const row of endingResolved) {
      if ((await sql.run(CLAIM_RESOLVED, [false, row.id, true])) !== 1) continue;
      await sql.run(NOTIFY_RESOLVED, [row.org_id, row.cron_monitor_id, row.service_id, row.id, now]);
      released++;
    }
    return released;
  });
}

function subjectOf(row: HeldRow) {
  return {
    type: row.cron_monitor_id !== null ? ("cron_monitor" as const) : ("service" as const),
    id: Number(row.cron_monitor_id ?? row.service_id),
    orgId: row.org_id === null ? null : Number(row.org_id),
    snoozedUntil: row.snoozed_until === null ? null : new Date(row.snoozed_until),
    maintenanceUntil: row.maintenance_until === null ? null : new Date(row.maintenance_until),
    parentIncidentId: parentIncidentOf(row.parent_incident_id),
  };
}
