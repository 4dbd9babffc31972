import type { Prisma } from "../../../generated/prisma/client";
import { pageMetaOf } from "../../../shared/schemas/common";
import type { EdgeRemovalView } from "../../../shared/schemas/edge-removals";
import { isoSeconds } from "../../../shared/time";
import { db } from "../../db";
import { keepMonitorFeatureUse } from "../monitors/feature-use";

type Tx = Prisma.TransactionClient;

/**
 * What leaves with a member (docs/architecture.md, "What leaves with a member"). Services and
 * projects belong to a user; the organizations the user is a member of may link them (a status
 * page's component, a maintenance window's target, a badge, a cron monitor's project; and, in the
 * owner's default organization, `depends_on`). When the user stops being a member, every such
 * edge from an object of the organization to an object of theirs is cut, in the removal's
 * transaction, and each cut is recorded on the object that held the edge (`edge_removals`). A
 * bounded number of statements whatever the member owns: one read and one delete per kind of edge.
 */
export type EdgeRemovalRow = {
  orgId: number;
  objectType: "cron_monitor" | "service" | "status_page" | "maintenance_window" | "badge";
  objectId: number;
  edge: "depends_on" | "status_page_component" | "maintenance_target" | "badge_target" | "project" | "integration";
  targetType: "service" | "cron_monitor" | "project" | "integration";
  targetId: number;
  reason: string;
  createdAt: Date;
};

/** Cuts the edges of `org` to the objects of `userId`, who is no longer a member there; returns what was cut and the pages it changed. */
export async function cutMemberEdges(
  tx: Tx,
  org: { id: number; slug: string },
  userId: number,
  now: Date,
): Promise<{ cut: EdgeRemovalRow[]; pageSlugs: string[] }> {
  const reason = `Its owner is no longer a member of organization ${org.slug}`;
  const cut: EdgeRemovalRow[] = [];
  const record = (
    objectType: EdgeRemovalRow["objectType"],
    objectId: number,
    edge: EdgeRemovalRow["edge"],
    targetType: EdgeRemovalRow["targetType"],
    targetId: number,
  ) => cut.push({ orgId: org.id, objectType, objectId, edge, targetType, targetId, reason, createdAt: now });

  const components = await tx.statusPageComponent.findMany({
    where: { page: { orgId: org.id }, service: { userId } },
    select: { id: true, pageId: true, serviceId: true },
  });
  for (const c of components) record("status_page", c.pageId, "status_page_component", "service", c.serviceId!);
  const pageIds = [...new Set(components.map((c) => c.pageId))];
  if (components.length > 0) {
    await tx.statusPageComponent.deleteMany({ where: { id: { in: components.map((c) => c.id) } } });
    // The edit time is part of the page's version stamp: every process's cached copy is rebuilt.
    await tx.statusPage.updateMany({ where: { id: { in: pageIds } }, data: { updatedAt: now } });
  }

  // Edges of the organization naming one of the member's services, at either end (a service's own
  // edges live in its owner's default organization: they are cut when that is the one left).
  const dependencies = await tx.dependency.findMany({
    where: { orgId: org.id, OR: [{ parentService: { userId } }, { childService: { userId } }] },
  });
  for (const d of dependencies) {
    const [objectType, objectId] =
      d.childCronMonitorId !== null
        ? (["cron_monitor", d.childCronMonitorId] as const)
        : (["service", d.childServiceId!] as const);
    const [targetType, targetId] =
      d.parentCronMonitorId !== null
        ? (["cron_monitor", d.parentCronMonitorId] as const)
        : (["service", d.parentServiceId!] as const);
    record(objectType, objectId, "depends_on", targetType, targetId);
  }
  if (dependencies.length > 0) await tx.dependency.deleteMany({ where: { id: { in: dependencies.map((d) => d.id) } } });

  const targets = await tx.maintenanceTarget.findMany({
    where: { window: { orgId: org.id }, OR: [{ service: { userId } }, { project: { userId } }] },
    select: { id: true, windowId: true, serviceId: true, projectId: true },
  });
  for (const t of targets)
    record(
      "maintenance_window",
      t.windowId,
      "maintenance_target",
      t.serviceId !== null ? "service" : "project",
      (t.serviceId ?? t.projectId)!,
    );
  if (targets.length > 0) await tx.maintenanceTarget.deleteMany({ where: { id: { in: targets.map((t) => t.id) } } });

  // A badge names exactly one object: a badge of the member's service or project goes with the edge.
  const [serviceIds, projectIds] = await Promise.all([
    tx.service.findMany({ where: { userId }, select: { id: true } }).then((r) => r.map((s) => s.id)),
    tx.project.findMany({ where: { userId }, select: { id: true } }).then((r) => r.map((p) => p.id)),
  ]);
  const badges = await tx.badge.findMany({
    where: { orgId: org.id, OR: [{ serviceId: { in: serviceIds } }, { projectId: { in: projectIds } }] },
    select: { id: true, serviceId: true, projectId: true },
  });
  for (const b of badges)
    record("badge", b.id, "badge_target", b.serviceId !== null ? "service" : "project", (b.serviceId ?? b.projectId)!);
  if (badges.length > 0) await tx.badge.deleteMany({ where: { id: { in: badges.map((b) => b.id) } } });

  const monitors = await tx.cronMonitor.findMany({
    where: { orgId: org.id, projectId: { in: projectIds } },
    select: { id: true, projectId: true },
  });
  for (const m of monitors) record("cron_monitor", m.id, "project", "project", m.projectId!);
  if (monitors.length > 0)
    await tx.cronMonitor.updateMany({ where: { id: { in: monitors.map((m) => m.id) } }, data: { projectId: null } });

  if (cut.length > 0) await tx.edgeRemoval.createMany({ data: cut });
  // The children that lost a parent and the monitors that left the member's projects (and with
  // them the windows naming those projects) may be plain now.
  await keepMonitorFeatureUse(
    tx,
    {
      ids: [
        ...dependencies.flatMap((d) => (d.childCronMonitorId !== null ? [d.childCronMonitorId] : [])),
        ...monitors.map((m) => m.id),
      ],
    },
    now,
  );
  const pages =
    pageIds.length > 0 ? await tx.statusPage.findMany({ where: { id: { in: pageIds } }, select: { slug: true } }) : [];
  return { cut, pageSlugs: pages.map((p) => p.slug) };
}

/**
 * A member removed from their default organization (where their services' incidents and
 * notifications go) gets the first organization they are still a member of, or none: their
 * services leave the organization with them.
 */
export async function moveDefaultOrgOff(tx: Tx, orgId: number, userId: number): Promise<void> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { defaultOrgId: true } });
  if (user?.defaultOrgId !== orgId) return;
  const next = await tx.membership.findFirst({
    where: { userId, orgId: { not: orgId } },
    orderBy: { id: "asc" },
    select: { orgId: true },
  });
  await tx.user.update({ where: { id: userId }, data: { defaultOrgId: next?.orgId ?? null } });
}

/**
 * Before a cron monitor or a service is deleted (its foreign keys then remove the edges to it):
 * records on each object of an organization that held an edge to it what it loses (a page's
 * component, a child's `depends_on` parent, a window's target). Three reads on the target's indexes;
 * the `depends_on` edges are cut here, and their children's feature use kept (monitors/feature-use.ts).
 */
export async function recordEdgesToDeleted(
  tx: Tx,
  target: { type: "cron_monitor" | "service"; id: number },
  now: Date,
): Promise<void> {
  const reason = `The ${target.type === "service" ? "service" : "cron monitor"} was deleted`;
  const ref = target.type === "service" ? { serviceId: target.id } : { cronMonitorId: target.id };
  const parent = target.type === "service" ? { parentServiceId: target.id } : { parentCronMonitorId: target.id };
  const [components, dependencies, targets] = await Promise.all([
    tx.statusPageComponent.findMany({ where: ref, select: { pageId: true, page: { select: { orgId: true } } } }),
    tx.dependency.findMany({ where: parent }),
    tx.maintenanceTarget.findMany({ where: ref, select: { windowId: true, window: { select: { orgId: true } } } }),
  ]);
  const base = { targetType: target.type, targetId: target.id, reason, createdAt: now };
  const rows: EdgeRemovalRow[] = [
    ...components.map((c) => ({
      ...base,
      orgId: c.page.orgId,
      objectType: "status_page" as const,
      objectId: c.pageId,
      edge: "status_page_component" as const,
    })),
    ...dependencies.map((d) => ({
      ...base,
      orgId: d.orgId,
      objectType: d.childCronMonitorId !== null ? ("cron_monitor" as const) : ("service" as const),
      objectId: (d.childCronMonitorId ?? d.childServiceId)!,
      edge: "depends_on" as const,
    })),
    ...targets.map((t) => ({
      ...base,
      orgId: t.window.orgId,
      objectType: "maintenance_window" as const,
      objectId: t.windowId,
      edge: "maintenance_target" as const,
    })),
  ];
  if (rows.length > 0) await tx.edgeRemoval.createMany({ data: rows });
  // The edges to it go now rather than with its row, so that its children's flags see them gone.
  if (dependencies.length > 0) {
    await tx.dependency.deleteMany({ where: { id: { in: dependencies.map((d) => d.id) } } });
    const children = dependencies.flatMap((d) => (d.childCronMonitorId !== null ? [d.childCronMonitorId] : []));
    await keepMonitorFeatureUse(tx, { ids: children }, now);
  }
}

/** An integration deleted: each monitor that named it in `integration_ids` records that it lost it. */
export async function recordDroppedIntegration(
  tx: Tx,
  orgId: number,
  integrationId: number,
  monitorIds: number[],
  now: Date,
): Promise<void> {
  if (monitorIds.length === 0) return;
  await tx.edgeRemoval.createMany({
    data: monitorIds.map((objectId) => ({
      orgId,
      objectType: "cron_monitor",
      objectId,
      edge: "integration",
      targetType: "integration",
      targetId: integrationId,
      reason: "The integration was deleted",
      createdAt: now,
    })),
  });
}

/** GET /edge-removals: the organization's records, newest first, optionally of one object. */
export async function listEdgeRemovals(
  orgId: number,
  q: { object_type?: EdgeRemovalRow["objectType"]; object_id?: number; page: number; limit: number },
): Promise<{ data: EdgeRemovalView[]; meta: ReturnType<typeof pageMetaOf> }> {
  const where = {
    orgId,
    ...(q.object_type !== undefined ? { objectType: q.object_type } : {}),
    ...(q.object_id !== undefined ? { objectId: q.object_id } : {}),
  };
  const [rows, total] = await Promise.all([
    db().edgeRemoval.findMany({ where, orderBy: { id: "desc" }, skip: (q.page - 1) * q.limit, take: q.limit }),
    db().edgeRemoval.count({ where }),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      object_type: r.objectType as EdgeRemovalView["object_type"],
      object_id: r.objectId,
      edge: r.edge as EdgeRemovalView["edge"],
      target_type: r.targetType as EdgeRemovalView["target_type"],
      target_id: r.targetId,
      reason: r.reason,
      removed_at: isoSeconds(r.createdAt),
    })),
    meta: pageMetaOf(q.page, q.limit, total),
  };
}
