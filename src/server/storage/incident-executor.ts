import type { IncidentPlan, IncidentSubject } from "../domain/incidents";
import { timeOrNull } from "./api-rows";
import { parentIncidentOf, serviceParentIncident } from "./dependency-sql";
import {
  ACKNOWLEDGE,
  CLAIM_HELD_OPENING,
  CLAIM_HELD_RESOLUTION,
  columnOf,
  insertOutbox,
  openIncident,
  resolveIncidents,
} from "./incident-statements";
import { serviceMaintenanceUntil } from "./maintenance-sql";
import type { SqlRunner } from "./runner";

/**
 * The one executor of incident plans (domain/incidents.ts) on a SqlRunner, in the caller's write
 * transaction, through the statements of incident-statements.ts: a probe result (check-store.ts),
 * a service edit or pause (services/uptime/service-records.ts), a member's probe right withdrawn or a
 * probe deleted (services/uptime/probe-use.ts), a held incident's release (held-incidents.ts: snooze
 * end, window end, parent recovery), an acknowledgement. It decides nothing: the plan says what
 * resolves, what opens, what is held and what is notified. The ping and sweep hot paths execute the
 * same plans with the same statements inside their batches (sqlite/incident-writes.ts,
 * postgres/incident-statements.ts).
 */

/** The object a plan is about, as its outbox rows name it. */
export type IncidentObject = { type: "cron_monitor" | "service"; id: number; orgId: number | null };

/** Executes `plan` for `object`; outbox rows name `runId`. Returns the incident opened (null: none, or one was open). */
export async function executeIncidentPlan(
  sql: SqlRunner,
  object: IncidentObject,
  plan: IncidentPlan,
  now: Date,
  runId: number | null = null,
): Promise<number | null> {
  const column = columnOf(object.type);
  if (plan.resolve) {
    const resolved = await sql.all<{ id: number; held: number | boolean }>(resolveIncidents(column), [
      now,
      now,
      plan.resolve.held,
      object.id,
    ]);
    // An incident still held was never announced: its resolution is not either.
    if (plan.resolve.notify)
      for (const i of resolved.filter((r) => !r.held))
        await sql.run(insertOutbox(column), [object.orgId, "incident.resolved", object.id, Number(i.id), runId, now]);
  }
  let opened: number | null = null;
  if (plan.open) {
    const row = await sql.get<{ id: number | bigint }>(`${openIncident(column)} RETURNING id`, [
      object.orgId,
      object.id,
      plan.open.kind,
      plan.open.reason,
      now,
      plan.open.held,
      plan.open.parentIncidentId,
    ]);
    opened = row ? Number(row.id) : null;
    if (opened !== null && plan.open.notify)
      await sql.run(insertOutbox(column), [object.orgId, "incident.opened", object.id, opened, runId, now]);
  }
  if (plan.drifted) await sql.run(insertOutbox(column), [object.orgId, "run.drifted", object.id, null, runId, now]);
  return opened;
}

/**
 * Claims a held incident's opening (`incident.opened`) or resolution (`incident.resolved`) by a
 * compare-and-swap and writes its outbox row: true for exactly one caller however many try at once.
 */
export async function releaseHeld(
  sql: SqlRunner,
  incident: IncidentObject & { incidentId: number },
  event: "incident.opened" | "incident.resolved",
  now: Date,
): Promise<boolean> {
  const claim = event === "incident.opened" ? CLAIM_HELD_OPENING : CLAIM_HELD_RESOLUTION;
  if ((await sql.run(claim, [incident.incidentId])) !== 1) return false;
  const column = columnOf(incident.type);
  await sql.run(insertOutbox(column), [incident.orgId, event, incident.id, incident.incidentId, null, now]);
  return true;
}

/** Records an acknowledgement of an open incident, once, with its `incident.acknowledged` row; false if it was not open or already acknowledged. */
export async function acknowledge(
  sql: SqlRunner,
  incident: IncidentObject & { incidentId: number },
  by: string,
  now: Date,
): Promise<boolean> {
  if ((await sql.run(ACKNOWLEDGE, [now, by, incident.incidentId])) !== 1) return false;
  const column = columnOf(incident.type);
  await sql.run(insertOutbox(column), [
    incident.orgId,
    "incident.acknowledged",
    incident.id,
    incident.incidentId,
    null,
    now,
  ]);
  return true;
}

/**
 * What the rules need of a service at `now` (its organization, snooze, the maintenance run over it,
 * a parent's open incident), read with the statements the probes' path uses (maintenance-sql.ts,
 * dependency-sql.ts); the paths outside the probes' batch (an edit, a probe right withdrawn) read it here.
 */
export async function serviceSubject(sql: SqlRunner, serviceId: number, now: Date): Promise<IncidentSubject | null> {
  const row = await sql.get<{
    org_id: number | bigint | null;
    snoozed_until: unknown;
    maintenance_until: unknown;
    parent_incident_id: unknown;
  }>(
    `SELECT u.default_org_id AS org_id, s.snoozed_until,
      ${serviceMaintenanceUntil(sql.kind, "s", "u.default_org_id", "?")} AS maintenance_until,
      ${serviceParentIncident("s")} AS parent_incident_id
    FROM services s JOIN users u ON u.id = s.user_id WHERE s.id = ?`,
    [now, serviceId],
  );
  if (!row) return null;
  return {
    type: "service",
    id: serviceId,
    orgId: row.org_id === null ? null : Number(row.org_id),
    snoozedUntil: timeOrNull(row.snoozed_until),
    maintenanceUntil: timeOrNull(row.maintenance_until),
    parentIncidentId: parentIncidentOf(row.parent_incident_id),
  };
}
