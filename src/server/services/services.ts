import { writeTransaction } from "../transactions";
import { AppError, notFound, type ErrorDetails } from "../../shared/errors";
import type { Prisma } from "../../generated/prisma/client";
import { pageMetaOf } from "../../shared/schemas/common";
import type { CreateServiceInput, ServicePatch, ServiceStatus } from "../../shared/schemas/services";
import { defaultInterval, intervalProblem, mergeConfig, statusAfterEdit } from "../../shared/service-rules";
import { checkConfig, type ServiceType } from "../../shared/service-types";
import { db } from "../db";
import { apiStore } from "../storage/api-store";
import { isoOrNull } from "../../shared/time";
import { resolveServiceIncidents, syncLanes } from "./service-lanes";
import { serviceSelect, serviceView, statusFields, type ServiceView } from "./service-view";

/** Services (spec 2.5, 4.4; decisions 8): owned by a user; another user's service reads as 404. */
type Tx = Prisma.TransactionClient;

export type ServiceFilter = { page: number; limit: number; project?: string; status?: ServiceStatus; type?: ServiceType };

export async function listServices(userId: number, filter: ServiceFilter) {
  const where: Prisma.ServiceWhereInput = { userId };
  if (filter.project !== undefined) where.projectId = filter.project === "null" ? null : Number(filter.project);
  if (filter.type) where.type = filter.type;
  if (filter.status === "paused") where.enabled = false;
  else if (filter.status) Object.assign(where, { enabled: true, status: filter.status });
  const [total, rows] = await Promise.all([
    db().service.count({ where }),
    db().service.findMany({ where, select: serviceSelect, orderBy: { id: "asc" }, skip: (filter.page - 1) * filter.limit, take: filter.limit }),
  ]);
  return { data: rows.map(serviceView), meta: pageMetaOf(filter.page, filter.limit, total) };
}

export async function getService(userId: number, id: number): Promise<ServiceView> {
  const row = await db().service.findFirst({ where: { id, userId }, select: serviceSelect });
  if (!row) throw notFound("Service");
  return serviceView(row);
}

/** A service's status with each probe lane's latest result (one statement); another user's service is 404. */
export async function serviceStatus(userId: number, id: number) {
  const service = await apiStore().serviceStatus(userId, id);
  if (!service) throw notFound("Service");
  const { status, status_since, status_reason } = statusFields(service);
  const lanes = service.lanes;
  const latest = lanes.reduce<Date | null>((m, l) => (l.resultAt && (!m || l.resultAt > m) ? l.resultAt : m), null);
  return {
    id, status, enabled: service.enabled, status_since, status_reason, last_check_at: isoOrNull(latest),
    probes: lanes.map((l) => ({
      probe_id: l.lane === 0 ? null : l.lane, outcome: (l.outcome as "up" | "down" | null) ?? null, reason: l.reason,
      response_time_ms: l.responseTimeMs, consecutive_failures: l.consecutiveFailures, checked_at: isoOrNull(l.resultAt),
      next_check_at: isoOrNull(l.leasableAt && l.leasedBy === null ? l.leasableAt : null),
    })),
  };
}

export async function createService(userId: number, input: CreateServiceInput): Promise<ServiceView> {
  const id = await writeTransaction(async (tx) => {
    const checked = await checkDraft(tx, userId, { ...input, projectId: input.project_id ?? null, probeIds: input.probe_ids ?? [] });
    const created = await tx.service.create({
      data: {
        userId,
        name: input.name,
        type: input.type,
        projectId: input.project_id ?? null,
        enabled: input.enabled ?? true,
        interval: checked.interval,
        config: checked.config,
        degradedMs: input.degraded_ms ?? null,
        status: "pending",
      },
      select: { id: true },
    });
    await syncLanes(tx, created.id, { probeIds: checked.probeIds, enabled: input.enabled ?? true, recheck: true }, new Date());
    return created.id;
  });
  return getService(userId, id);
}

/** PUT: full replace with the create body; omitted optional fields take their create defaults. */
export async function replaceService(userId: number, id: number, input: CreateServiceInput): Promise<ServiceView> {
  return editService(userId, id, async (tx) => {
    const checked = await checkDraft(tx, userId, { ...input, projectId: input.project_id ?? null, probeIds: input.probe_ids ?? [] });
    return {
      name: input.name,
      type: input.type,
      projectId: input.project_id ?? null,
      enabled: input.enabled ?? true,
      interval: checked.interval,
      config: checked.config,
      degradedMs: input.degraded_ms ?? null,
      probeIds: checked.probeIds,
    };
  });
}

/** PATCH: any subset; `config` is merged over the current one unless the type changes. */
export async function patchService(userId: number, id: number, patch: ServicePatch): Promise<ServiceView> {
  return editService(userId, id, async (tx, current) => {
    const type = patch.type ?? (current.type as ServiceType);
    const currentConfig = JSON.parse(current.config) as Record<string, unknown>;
    const config =
      type !== current.type ? (patch.config ?? {}) : patch.config ? mergeConfig(currentConfig, patch.config) : currentConfig;
    const projectId = patch.project_id === undefined ? current.projectId : patch.project_id;
    const probeIds = patch.probe_ids ?? current.probeIds;
    const checked = await checkDraft(tx, userId, { type, config, interval: patch.interval, projectId, probeIds }, current.interval);
    return {
      name: patch.name ?? current.name,
      type,
      projectId,
      enabled: patch.enabled ?? current.enabled,
      interval: checked.interval,
      config: checked.config,
      degradedMs: patch.degraded_ms === undefined ? current.degradedMs : patch.degraded_ms,
      probeIds: checked.probeIds,
    };
  });
}

type ServiceRecord = {
  id: number; name: string; type: string; projectId: number | null; enabled: boolean; interval: number; config: string; status: string;
  degradedMs: number | null; probeIds: number[];
};
type ServiceData = Omit<ServiceRecord, "id" | "status">;

async function editService(
  userId: number,
  id: number,
  decide: (tx: Tx, current: ServiceRecord) => Promise<ServiceData>,
): Promise<ServiceView> {
  await writeTransaction(async (tx) => {
    const found = await tx.service.findFirst({
      where: { id, userId },
      select: {
        id: true, name: true, type: true, projectId: true, enabled: true, interval: true, config: true, status: true, degradedMs: true,
        probes: { select: { probeId: true }, orderBy: { probeId: "asc" } }, user: { select: { defaultOrgId: true } },
      },
    });
    if (!found) throw notFound("Service");
    const { probes, user, ...rest } = found;
    const current: ServiceRecord = { ...rest, probeIds: probes.map((p) => p.probeId) };
    const { probeIds, ...next } = await decide(tx, current);
    const status = statusAfterEdit(current, next);
    const now = new Date();
    const recheck = (status === "pending" && current.status !== "pending") || next.interval !== current.interval || probeIds.join() !== current.probeIds.join();
    await tx.service.update({
      where: { id },
      data: { ...next, status, ...(status !== current.status ? { statusSince: now, statusReason: null } : {}) },
    });
    await syncLanes(tx, id, { probeIds, enabled: next.enabled, recheck }, now);
    if (current.status === "down" && (status !== "down" || !next.enabled)) {
      await resolveServiceIncidents(tx, id, user.defaultOrgId, now);
    }
  });
  return getService(userId, id);
}

export async function deleteService(userId: number, id: number): Promise<void> {
  const { count } = await db().service.deleteMany({ where: { id, userId } });
  if (count === 0) throw notFound("Service");
}

/**
 * Checks a service's config for its type, its interval against the plan of the owner's default
 * organization, and its project's ownership, reporting every problem at once keyed by field
 * (`url`, `interval`, `project_id`). An interval not given keeps `keepInterval`, or gets the default.
 */
async function checkDraft(
  tx: Tx,
  userId: number,
  draft: { type: ServiceType; config: unknown; interval?: number; projectId: number | null; probeIds: number[] },
  keepInterval?: number,
): Promise<{ config: string; interval: number; probeIds: number[] }> {
  const details: ErrorDetails = {};
  const checked = checkConfig(draft.type, draft.config);
  if (!checked.ok) Object.assign(details, checked.details);
  const plan = await ownerPlan(tx, userId);
  const interval = draft.interval ?? keepInterval ?? defaultInterval(plan);
  const problem = draft.interval === undefined ? null : intervalProblem(draft.interval, plan);
  if (problem) details.interval = [problem];
  if (draft.projectId !== null && !(await tx.project.findFirst({ where: { id: draft.projectId, userId }, select: { id: true } }))) {
    details.project_id = [`Project ${draft.projectId} not found`];
  }
  const probeIds = [...new Set(draft.probeIds)].sort((a, b) => a - b);
  if (probeIds.length > 0) {
    const usable = await tx.probe.findMany({
      where: { id: { in: probeIds }, kind: "private", org: { memberships: { some: { userId } } } },
      select: { id: true },
    });
    const missing = probeIds.filter((p) => !usable.some((u) => u.id === p));
    if (missing.length > 0) details.probe_ids = [`Probe ${missing.join(", ")} not found among the private probes of your organizations`];
  }
  if (!checked.ok || Object.keys(details).length > 0) {
    throw new AppError("VALIDATION_ERROR", `Invalid ${Object.keys(details).join(", ")}`, details);
  }
  return { config: JSON.stringify(checked.config), interval, probeIds };
}

/** Services follow the plan of their owner's default organization (decisions 8). */
async function ownerPlan(tx: Tx, userId: number): Promise<string> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { defaultOrgId: true } });
  if (!user?.defaultOrgId) return "free";
  const org = await tx.organization.findUnique({ where: { id: user.defaultOrgId }, select: { plan: true } });
  return org?.plan ?? "free";
}
