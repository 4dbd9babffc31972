import { DEFAULT_FAILURE_THRESHOLD, DEFAULT_RECOVERY_THRESHOLD } from "../../domain/service-status";
import { withStoredSecrets } from "../../../shared/service-secrets";
import { writeTransaction } from "../../transactions";
import { withServiceMaintenance } from "../maintenance/coverage";
import { AppError, notFound, validationError, type ErrorDetails } from "../../../shared/errors";
import type { DependsOnInput } from "../../../shared/schemas/dependencies";
import type { NodeRef } from "../../domain/dependencies";
import { checkParents, writeParents } from "../dependencies/depends-on";
import { lockOrganization, lockRow } from "../../storage/row-lock";
import type { Prisma } from "../../../generated/prisma/client";
import { pageMetaOf } from "../../../shared/schemas/common";
import type { CreateServiceInput, ServicePatch, ServiceStatus } from "../../../shared/schemas/services";
import { planOf } from "../../../shared/plans";
import { defaultInterval, intervalProblem, mergeConfig, statusAfterEdit } from "../../domain/service-rules";
import { checkConfig, type ServiceType } from "../../../shared/service-types";
import { db } from "../../db";
import { refusedByOutboundSetting } from "../../domain/service-status";
import { apiStore } from "../../storage/engine";
import { serviceIdsNamed } from "../../storage/name-search";
import { isoOrNull } from "../../../shared/time";
import { checkProbeUse } from "./probe-use";
import { recordEdgesToDeleted } from "../accounts/member-edges";
import { syncLanes } from "./service-lanes";
import { afterServiceEdit } from "./service-incidents";
import { serviceSelect, serviceView, statusFields, type ServiceView } from "./service-view";

/** Services (spec 2.5, 4.4; decisions 8): owned by a user; another user's service reads as 404. */
type Tx = Prisma.TransactionClient;

export type ServiceFilter = {
  page: number;
  limit: number;
  project?: string;
  status?: ServiceStatus;
  type?: ServiceType;
  /** Only names containing this text, ignoring case. */
  search?: string;
};

export async function listServices(userId: number, filter: ServiceFilter) {
  const where: Prisma.ServiceWhereInput = { userId };
  if (filter.project !== undefined) where.projectId = filter.project === "null" ? null : Number(filter.project);
  if (filter.type) where.type = filter.type;
  const search = filter.search?.trim();
  if (search) where.id = { in: await serviceIdsNamed(userId, search) };
  if (filter.status === "paused") where.enabled = false;
  else if (filter.status) Object.assign(where, { enabled: true, status: filter.status });
  const [total, rows] = await Promise.all([
    db().service.count({ where }),
    db().service.findMany({
      where,
      select: serviceSelect,
      orderBy: { id: "asc" },
      skip: (filter.page - 1) * filter.limit,
      take: filter.limit,
    }),
  ]);
  return {
    data: await withServiceMaintenance(userId, rows.map(serviceView)),
    meta: pageMetaOf(filter.page, filter.limit, total),
  };
}

export async function getService(userId: number, id: number): Promise<ServiceView> {
  const row = await db().service.findFirst({ where: { id, userId }, select: serviceSelect });
  if (!row) throw notFound("Service");
  const [view] = await withServiceMaintenance(userId, [serviceView(row)]);
  return view!;
}

/** A service's status with each probe lane's latest result (one statement); another user's service is 404. */
export async function serviceStatus(userId: number, id: number) {
  const service = await apiStore().serviceStatus(userId, id);
  if (!service) throw notFound("Service");
  const { status, status_since, status_reason } = statusFields(service);
  const lanes = service.lanes;
  const latest = lanes.reduce<Date | null>((m, l) => (l.resultAt && (!m || l.resultAt > m) ? l.resultAt : m), null);
  return {
    id,
    status,
    enabled: service.enabled,
    status_since,
    status_reason,
    last_check_at: isoOrNull(latest),
    probes: lanes.map((l) => ({
      probe_id: l.lane === 0 ? null : l.lane,
      outcome: (l.outcome as "up" | "down" | null) ?? null,
      reason: l.outcome === "down" ? l.reason : null,
      outbound_refused: l.outcome === "down" && refusedByOutboundSetting(l.reason),
      response_time_ms: l.responseTimeMs,
      consecutive_failures: l.consecutiveFailures,
      checked_at: isoOrNull(l.resultAt),
      next_check_at: isoOrNull(l.leasableAt && l.leasedBy === null ? l.leasableAt : null),
    })),
  };
}

/**
 * POST /services. The plan's `maxServices` (of the owner's default organization) holds under
 * concurrency: the count and the insert run under the owner's row lock (a no-op update of the user
 * row as the transaction's first write: PostgreSQL locks the row until commit, SQLite takes the
 * database write lock), so parallel creates of one user run one after the other. A refused create
 * commits (nothing written) and answers 403 PLAN_LIMIT_REACHED, as cron monitors do.
 */
export async function createService(userId: number, input: CreateServiceInput): Promise<ServiceView> {
  const outcome = await writeTransaction(async (tx): Promise<{ id: number } | { max: number }> => {
    await lockRow(tx, { user: userId });
    const checked = await checkDraft(tx, userId, {
      ...input,
      projectId: input.project_id ?? null,
      probeIds: input.probe_ids ?? [],
    });
    const parents = await serviceParents(tx, userId, null, input.depends_on);
    const max = planOf(checked.plan).maxServices;
    if (Number.isFinite(max) && (await tx.service.count({ where: { userId } })) >= max) return { max };
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
        failureThreshold: input.failure_threshold ?? DEFAULT_FAILURE_THRESHOLD,
        recoveryThreshold: input.recovery_threshold ?? DEFAULT_RECOVERY_THRESHOLD,
        status: "pending",
      },
      select: { id: true },
    });
    await syncLanes(
      tx,
      created.id,
      { probeIds: checked.probeIds, enabled: input.enabled ?? true, recheck: true },
      new Date(),
    );
    if (parents) await writeParents(tx, parents.orgId, { type: "service", id: created.id }, parents.refs);
    return { id: created.id };
  });
  if ("max" in outcome)
    throw new AppError(
      "PLAN_LIMIT_REACHED",
      `Your plan allows ${outcome.max} services; delete one or upgrade the plan`,
    );
  return getService(userId, outcome.id);
}

/** PUT: full replace with the create body; omitted optional fields take their create defaults. */
export async function replaceService(userId: number, id: number, input: CreateServiceInput): Promise<ServiceView> {
  return editService(userId, id, async (tx, current) => {
    const checked = await checkDraft(
      tx,
      userId,
      { ...input, projectId: input.project_id ?? null, probeIds: input.probe_ids ?? [] },
      undefined,
      JSON.parse(current.config) as Record<string, unknown>,
    );
    // A full replace: no depends_on means no parents.
    const parents = await serviceParents(tx, userId, id, input.depends_on ?? {});
    if (parents) await writeParents(tx, parents.orgId, { type: "service", id }, parents.refs);
    return {
      name: input.name,
      type: input.type,
      projectId: input.project_id ?? null,
      enabled: input.enabled ?? true,
      interval: checked.interval,
      config: checked.config,
      degradedMs: input.degraded_ms ?? null,
      failureThreshold: input.failure_threshold ?? DEFAULT_FAILURE_THRESHOLD,
      recoveryThreshold: input.recovery_threshold ?? DEFAULT_RECOVERY_THRESHOLD,
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
      type !== current.type
        ? (patch.config ?? {})
        : patch.config
          ? mergeConfig(currentConfig, patch.config)
          : currentConfig;
    const projectId = patch.project_id === undefined ? current.projectId : patch.project_id;
    const probeIds = patch.probe_ids ?? current.probeIds;
    const checked = await checkDraft(
      tx,
      userId,
      { type, config, interval: patch.interval, projectId, probeIds },
      current.interval,
      currentConfig,
    );
    const parents = await serviceParents(tx, userId, id, patch.depends_on);
    if (parents) await writeParents(tx, parents.orgId, { type: "service", id }, parents.refs);
    return {
      name: patch.name ?? current.name,
      type,
      projectId,
      enabled: patch.enabled ?? current.enabled,
      interval: checked.interval,
      config: checked.config,
      degradedMs: patch.degraded_ms === undefined ? current.degradedMs : patch.degraded_ms,
      failureThreshold: patch.failure_threshold ?? current.failureThreshold,
      recoveryThreshold: patch.recovery_threshold ?? current.recoveryThreshold,
      probeIds: checked.probeIds,
    };
  });
}

/**
 * The parents a service's body names (`depends_on`), checked in the organization its
 * notifications go to (its owner's default organization); null when the body does not name them.
 */
async function serviceParents(
  tx: Tx,
  userId: number,
  serviceId: number | null,
  input: DependsOnInput | undefined,
): Promise<{ orgId: number; refs: NodeRef[] } | null> {
  if (input === undefined) return null;
  const owner = await tx.user.findUnique({ where: { id: userId }, select: { defaultOrgId: true } });
  const orgId = owner?.defaultOrgId ?? null;
  const named = (input.cron_monitor_ids?.length ?? 0) + (input.service_ids?.length ?? 0) > 0;
  if (orgId === null) {
    if (named) throw validationError("depends_on", "A service outside any organization cannot depend on others");
    return null;
  }
  // The organization's lock (as cron monitors' edits take it): two edits that would close a cycle
  // together run one after the other.
  await lockOrganization(tx, orgId);
  return { orgId, refs: await checkParents(tx, { orgId, userId }, { type: "service", id: serviceId }, input) };
}

type ServiceRecord = {
  id: number;
  name: string;
  type: string;
  projectId: number | null;
  enabled: boolean;
  interval: number;
  config: string;
  status: string;
  degradedMs: number | null;
  failureThreshold: number;
  recoveryThreshold: number;
  probeIds: number[];
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
        id: true,
        name: true,
        type: true,
        projectId: true,
        enabled: true,
        interval: true,
        config: true,
        status: true,
        degradedMs: true,
        failureThreshold: true,
        recoveryThreshold: true,
        probes: { select: { probeId: true }, orderBy: { probeId: "asc" } },
      },
    });
    if (!found) throw notFound("Service");
    const { probes, ...rest } = found;
    const current: ServiceRecord = { ...rest, probeIds: probes.map((p) => p.probeId) };
    const { probeIds, ...next } = await decide(tx, current);
    const status = statusAfterEdit(current, next);
    const now = new Date();
    // Resuming always makes a check due: a service paused while `pending` (created paused, or moved
    // off a probe) would otherwise keep lanes nothing may lease.
    const recheck =
      (status === "pending" && current.status !== "pending") ||
      (!current.enabled && next.enabled) ||
      next.interval !== current.interval ||
      probeIds.join() !== current.probeIds.join();
    await tx.service.update({
      where: { id },
      data: { ...next, status, ...(status !== current.status ? { statusSince: now, statusReason: null } : {}) },
    });
    await syncLanes(tx, id, { probeIds, enabled: next.enabled, recheck }, now);
    await afterServiceEdit(tx, id, { previous: current.status, status: next.enabled ? status : "paused" }, now);
  });
  return getService(userId, id);
}

/** DELETE /services/{id}; the objects that held an edge to it record that they lost it (member-edges.ts). */
export async function deleteService(userId: number, id: number): Promise<void> {
  await writeTransaction(async (tx) => {
    const found = await tx.service.findFirst({ where: { id, userId }, select: { id: true } });
    if (!found) throw notFound("Service");
    await recordEdgesToDeleted(tx, { type: "service", id }, new Date());
    await tx.service.delete({ where: { id } });
    // Its results stay until retention; the screenshots of its failed runs go now.
    await tx.checkScreenshot.deleteMany({ where: { serviceId: id } });
  });
}

/**
 * Checks a service's config for its type, its interval against the plan of the owner's default
 * organization, its project's ownership and its probes (probe-use.ts: 403 without `probe.use`),
 * reporting every problem at once keyed by field (`url`, `interval`, `project_id`, `probe_ids`). An interval not given keeps `keepInterval`, or gets the default.
 */
async function checkDraft(
  tx: Tx,
  userId: number,
  draft: { type: ServiceType; config: unknown; interval?: number; projectId: number | null; probeIds: number[] },
  keepInterval?: number,
  storedConfig: Record<string, unknown> | null = null,
): Promise<{ config: string; interval: number; probeIds: number[]; plan: string }> {
  const details: ErrorDetails = {};
  const probeIds = [...new Set(draft.probeIds)].sort((a, b) => a - b);
  const missing = await checkProbeUse(tx, userId, probeIds); // 403 before any 400
  const secrets = withStoredSecrets(draft.config, storedConfig);
  const checked = checkConfig(draft.type, secrets.config);
  if (!checked.ok) Object.assign(details, checked.details);
  Object.assign(details, secrets.problems);
  const plan = await ownerPlan(tx, userId);
  const interval = draft.interval ?? keepInterval ?? defaultInterval(plan);
  const problem = draft.interval === undefined ? null : intervalProblem(draft.interval, plan);
  if (problem) details.interval = [problem];
  if (
    draft.projectId !== null &&
    !(await tx.project.findFirst({ where: { id: draft.projectId, userId }, select: { id: true } }))
  ) {
    details.project_id = [`Project ${draft.projectId} not found`];
  }
  if (missing.length > 0)
    details.probe_ids = [`Probe ${missing.join(", ")} not found among the private probes of your organizations`];
  if (!checked.ok || Object.keys(details).length > 0) {
    throw new AppError("VALIDATION_ERROR", `Invalid ${Object.keys(details).join(", ")}`, details);
  }
  return { config: JSON.stringify(checked.config), interval, probeIds, plan };
}

/** Services follow the plan of their owner's default organization (decisions 8). */
async function ownerPlan(tx: Tx, userId: number): Promise<string> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { defaultOrgId: true } });
  if (!user?.defaultOrgId) return "free";
  const org = await tx.organization.findUnique({ where: { id: user.defaultOrgId }, select: { plan: true } });
  return org?.plan ?? "free";
}
