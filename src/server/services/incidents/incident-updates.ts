import type { IncidentUpdateView } from "../../../shared/schemas/incident-updates";
import { isoSeconds } from "../../../shared/time";
import { db } from "../../db";
import { writeTransaction } from "../../transactions";
import { getIncident } from "./incidents";
import { invalidateStatusPage } from "../status-pages/cache";

/**
 * Incident updates: words only. The incident itself still opens and resolves with its monitor or
 * service (the incident decision module); an update saying `resolved` does not close it.
 */
type Scope = { orgId: number; userId: number | null };

const view = (u: {
  id: number;
  incidentId: number;
  status: string;
  message: string;
  createdAt: Date;
}): IncidentUpdateView => ({
  id: u.id,
  incident_id: u.incidentId,
  status: u.status as IncidentUpdateView["status"],
  message: u.message,
  created_at: isoSeconds(u.createdAt),
});

/**
 * The incident must be one the caller sees (getIncident: the organization's monitors, the caller's
 * services). Stored with an `incident.updated` outbox row in the same transaction: the delivery worker mails it
 * to the subscribers of the pages showing the incident's monitor or service (integrations do not
 * receive this event), never the request itself.
 */
export async function addIncidentUpdate(
  scope: Scope,
  incidentId: number,
  input: { status: string; message: string },
  now = new Date(),
): Promise<IncidentUpdateView> {
  const incident = await getIncident(scope, incidentId);
  const row = await writeTransaction(async (tx) => {
    const update = await tx.incidentUpdate.create({
      data: { incidentId, status: input.status, message: input.message, createdAt: now },
    });
    await tx.outbox.create({
      data: {
        orgId: scope.orgId,
        event: "incident.updated",
        cronMonitorId: incident.cron_monitor,
        serviceId: incident.service,
        incidentId,
        updateId: update.id,
        createdAt: now,
      },
    });
    return update;
  });
  // Only the pages that show the incident's object change (their cached data goes): no other page.
  const shown =
    incident.cron_monitor !== null
      ? { cronMonitorId: incident.cron_monitor }
      : incident.service !== null
        ? { serviceId: incident.service }
        : null;
  const pages = shown
    ? await db().statusPage.findMany({ where: { components: { some: shown } }, select: { slug: true } })
    : [];
  for (const p of pages) invalidateStatusPage(p.slug);
  return view(row);
}

export async function listIncidentUpdates(scope: Scope, incidentId: number): Promise<IncidentUpdateView[]> {
  await getIncident(scope, incidentId);
  const rows = await db().incidentUpdate.findMany({
    where: { incidentId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(view);
}
