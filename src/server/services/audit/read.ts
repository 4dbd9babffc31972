import { db } from "../../db";
import { isoSeconds } from "../../../shared/time";
import { pageMetaOf } from "../../../shared/schemas/common";
import { auditCutoff } from "../../domain/audit";

export type AuditQuery = {
  actor_type?: "user" | "service_token";
  actor_id?: number;
  action?: string;
  object_type?: string;
  object_id?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
};

/** The organization's audit log, newest first, filtered; nothing older than its plan keeps. */
export async function listAuditLog(org: { id: number; plan: string }, q: AuditQuery, now = new Date()) {
  const cutoff = auditCutoff(org.plan, now);
  const from = q.from ? new Date(q.from) : null;
  const where = {
    orgId: org.id,
    ...(q.actor_type ? { actorType: q.actor_type } : {}),
    ...(q.actor_id !== undefined ? { actorId: q.actor_id } : {}),
    ...(q.action ? { action: q.action } : {}),
    ...(q.object_type ? { objectType: q.object_type } : {}),
    ...(q.object_id ? { objectId: q.object_id } : {}),
    at: { gte: from && from > cutoff ? from : cutoff, ...(q.to ? { lte: new Date(q.to) } : {}) },
  };
  const [rows, total] = await Promise.all([
    db().auditEntry.findMany({ where, orderBy: { id: "desc" }, skip: (q.page - 1) * q.limit, take: q.limit }),
    db().auditEntry.count({ where }),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      at: isoSeconds(r.at),
      actor: { type: r.actorType as "user" | "service_token", id: r.actorId, label: r.actorLabel },
      address: r.address,
      action: r.action,
      object_type: r.objectType,
      object_id: r.objectId,
      changes: JSON.parse(r.changes) as Record<string, unknown>,
    })),
    meta: pageMetaOf(q.page, q.limit, total),
  };
}
