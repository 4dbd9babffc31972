import { notFound } from "../../shared/errors";
import { pageMetaOf } from "../../shared/schemas/common";
import { isoOrNull, isoSeconds } from "../../shared/time";
import { db } from "../db";
import type { Incident } from "../../generated/prisma/client";

export function incidentView(i: Incident) {
  return {
    id: i.id,
    service: i.serviceId,
    cron_monitor: i.cronMonitorId,
    kind: i.kind as "missed" | "failed" | "max_runtime" | "service_down",
    status: i.status as "open" | "resolved",
    reason: i.reason,
    opened_at: isoSeconds(i.openedAt),
    resolved_at: isoOrNull(i.resolvedAt),
  };
}

/** Incidents visible in the active organization: its cron monitors', and the caller's services'. */
function visibleTo(orgId: number, userId: number | null) {
  return { OR: [{ orgId, cronMonitorId: { not: null } }, ...(userId ? [{ service: { userId } }] : [])] };
}

export async function listIncidents(
  scope: { orgId: number; userId: number | null },
  q: { cron_monitor?: number; service?: number; status?: "open" | "resolved"; page: number; limit: number },
) {
  const where = {
    AND: [
      visibleTo(scope.orgId, scope.userId),
      {
        ...(q.cron_monitor !== undefined ? { cronMonitorId: q.cron_monitor } : {}),
        ...(q.service !== undefined ? { serviceId: q.service } : {}),
        ...(q.status ? { status: q.status } : {}),
      },
    ],
  };
  const [rows, total] = await Promise.all([
    db().incident.findMany({ where, orderBy: [{ openedAt: "desc" }, { id: "desc" }], skip: (q.page - 1) * q.limit, take: q.limit }),
    db().incident.count({ where }),
  ]);
  return { data: rows.map(incidentView), meta: pageMetaOf(q.page, q.limit, total) };
}

export async function getIncident(scope: { orgId: number; userId: number | null }, id: number) {
  const row = await db().incident.findFirst({ where: { AND: [{ id }, visibleTo(scope.orgId, scope.userId)] } });
  if (!row) throw notFound("Incident");
  return incidentView(row);
}
