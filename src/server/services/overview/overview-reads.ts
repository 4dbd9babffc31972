import { db } from "../../db";
import { OVERVIEW_FAILING_LIMIT, OVERVIEW_INCIDENTS_LIMIT } from "../../../shared/schemas/overview";
import { visibleToSql } from "../incidents/incidents";

// The overview's raw reads that compare no times: the same SQL Prisma would send, without its per-call
// query compilation. Rows come back as the driver gives them (ids and counts may be bigints, times
// Dates or ISO text) and are read with Number() and new Date() on both engines.

const idOrNull = (v: number | bigint | null) => (v === null ? null : Number(v));
const dateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));

/** The caller's enabled services that are down or degraded, longest first (one more than the overview lists). */
export async function failingServices(userId: number) {
  const rows = await db().$queryRaw<
    {
      id: number | bigint;
      name: string;
      status: string;
      status_since: Date | string | null;
      status_reason: string | null;
    }[]
  >`SELECT id, name, status, status_since, status_reason FROM services
    WHERE user_id = ${userId} AND enabled AND status IN ('down', 'degraded')
    ORDER BY status_since, id LIMIT ${OVERVIEW_FAILING_LIMIT + 1}`;
  return rows.map((s) => ({
    id: Number(s.id),
    name: s.name,
    status: s.status,
    statusSince: dateOrNull(s.status_since),
    statusReason: s.status_reason,
  }));
}

/** The open incidents visible to the caller, newest first (one more than the overview lists). */
export async function openIncidents(orgId: number, userId: number | null) {
  const rows = await db().$queryRaw<
    {
      id: number | bigint;
      kind: string;
      reason: string;
      opened_at: Date | string;
      acknowledged_at: Date | string | null;
      cron_monitor_id: number | bigint | null;
      service_id: number | bigint | null;
    }[]
  >`SELECT i.id, i.kind, i.reason, i.opened_at, i.acknowledged_at, i.cron_monitor_id, i.service_id
    FROM incidents i LEFT JOIN services s ON s.id = i.service_id
    WHERE i.status = 'open' AND ${visibleToSql(orgId, userId)}
    ORDER BY i.opened_at DESC, i.id DESC LIMIT ${OVERVIEW_INCIDENTS_LIMIT + 1}`;
  return rows.map((i) => ({
    id: Number(i.id),
    kind: i.kind,
    reason: i.reason,
    openedAt: new Date(i.opened_at),
    acknowledgedAt: dateOrNull(i.acknowledged_at),
    cronMonitorId: idOrNull(i.cron_monitor_id),
    serviceId: idOrNull(i.service_id),
  }));
}
