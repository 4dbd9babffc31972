import type { IncidentUpdateView } from "../../shared/schemas/incident-updates";
import { isoSeconds } from "../../shared/time";
import { db } from "../db";
import { getIncident } from "./incidents";
import { invalidateAllStatusPages } from "./status-pages/cache";

/**
 * Incident updates: words only. The incident itself still opens and resolves with its monitor or
 * service (the incident decision module); an update saying `resolved` does not close it.
 */
type Scope = { orgId: number; userId: number | null };

const view = (u: { id: number; incidentId: number; status: string; message: string; createdAt: Date }): IncidentUpdateView => ({
  id: u.id,
  incident_id: u.incidentId,
  status: u.status as IncidentUpdateView["status"],
  message: u.message,
  created_at: isoSeconds(u.createdAt),
});

/** The incident must be one the caller sees (getIncident: the organization's monitors, the caller's services). */
export async function addIncidentUpdate(scope: Scope, incidentId: number, input: { status: string; message: string }): Promise<IncidentUpdateView> {
  await getIncident(scope, incidentId);
  const row = await db().incidentUpdate.create({ data: { incidentId, status: input.status, message: input.message } });
  invalidateAllStatusPages();
  return view(row);
}

export async function listIncidentUpdates(scope: Scope, incidentId: number): Promise<IncidentUpdateView[]> {
  await getIncident(scope, incidentId);
  const rows = await db().incidentUpdate.findMany({ where: { incidentId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map(view);
}
