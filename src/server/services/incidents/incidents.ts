import { AppError, notFound } from "../../../shared/errors";
import { acknowledge } from "../../storage/incident-executor";
import { txSql } from "../../storage/tx-sql";
import { writeTransaction } from "../../transactions";
import { pageMetaOf } from "../../../shared/schemas/common";
import { isoOrNull, isoSeconds } from "../../../shared/time";
import { db } from "../../db";
import { Prisma, type Incident } from "../../../generated/prisma/client";
import type { Principal } from "../accounts/principal";
import type { IncidentKind } from "../../../shared/incident-kinds";

export function incidentView(i: Incident) {
  return {
    id: i.id,
    service: i.serviceId,
    cron_monitor: i.cronMonitorId,
    kind: i.kind as IncidentKind,
    status: i.status as "open" | "resolved",
    reason: i.reason,
    opened_at: isoSeconds(i.openedAt),
    resolved_at: isoOrNull(i.resolvedAt),
    acknowledged_at: isoOrNull(i.acknowledgedAt),
    acknowledged_by: i.acknowledgedBy,
    parent_incident_id: i.parentIncidentId,
  };
}

/** Incidents visible in the active organization: its cron monitors', and the caller's services'. */
export function visibleTo(orgId: number, userId: number | null) {
  return { OR: [{ orgId, cronMonitorId: { not: null } }, ...(userId ? [{ service: { userId } }] : [])] };
}

/** `visibleTo` as a raw statement's condition, on incidents `i` left-joined with their services `s`. */
export function visibleToSql(orgId: number, userId: number | null): Prisma.Sql {
  const monitors = Prisma.sql`(i.org_id = ${orgId} AND i.cron_monitor_id IS NOT NULL)`;
  return userId ? Prisma.sql`(${monitors} OR s.user_id = ${userId})` : monitors;
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
    db().incident.findMany({
      where,
      orderBy: [{ openedAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * q.limit,
      take: q.limit,
    }),
    db().incident.count({ where }),
  ]);
  return { data: rows.map(incidentView), meta: pageMetaOf(q.page, q.limit, total) };
}

/** Who acknowledges: the user's email, or `token:<name>` for a service token. */
export async function acknowledgerName(p: Principal): Promise<string> {
  if (p.kind === "user") {
    const user = await db().user.findUnique({ where: { id: p.userId }, select: { email: true } });
    return user?.email ?? `user:${p.userId}`;
  }
  const token = await db().serviceToken.findUnique({ where: { id: p.tokenId }, select: { name: true } });
  return `token:${token?.name ?? p.tokenId}`;
}

/**
 * "I'm on it": records who acknowledged an open incident and when, once (a second call answers the
 * incident as it is), and notifies `incident.acknowledged` through the outbox in the same
 * transaction. A resolved incident is a 409.
 */
export async function acknowledgeIncident(
  scope: { orgId: number; userId: number | null; by: string },
  id: number,
  now = new Date(),
) {
  const row = await db().incident.findFirst({ where: { AND: [{ id }, visibleTo(scope.orgId, scope.userId)] } });
  if (!row) throw notFound("Incident");
  if (row.status !== "open")
    throw new AppError("CONFLICT", "The incident is resolved: only an open incident can be acknowledged");
  if (row.acknowledgedAt) return incidentView(row);
  const object =
    row.cronMonitorId !== null
      ? { type: "cron_monitor" as const, id: row.cronMonitorId }
      : { type: "service" as const, id: row.serviceId! };
  // Once: a second caller (or a resolution meanwhile) changes nothing and writes no outbox row.
  await writeTransaction((tx) =>
    acknowledge(txSql(tx), { ...object, orgId: row.orgId ?? scope.orgId, incidentId: id }, scope.by, now),
  );
  const after = await db().incident.findUniqueOrThrow({ where: { id } });
  if (after.status !== "open" && !after.acknowledgedAt)
    throw new AppError("CONFLICT", "The incident is resolved: only an open incident can be acknowledged");
  return incidentView(after);
}

export async function getIncident(scope: { orgId: number; userId: number | null }, id: number) {
  const row = await db().incident.findFirst({ where: { AND: [{ id }, visibleTo(scope.orgId, scope.userId)] } });
  if (!row) throw notFound("Incident");
  return incidentView(row);
}
