import { validationError } from "../../../shared/errors";
import type { DependsOn, DependsOnInput } from "../../../shared/schemas/dependencies";
import type { Prisma } from "../../../generated/prisma/client";
import { checkDependencies, problemText, type DependencyEdge, type NodeRef } from "../../domain/dependencies";

type Tx = Prisma.TransactionClient;
type Client = Pick<Tx, "dependency" | "cronMonitor" | "service">;

/**
 * `depends_on` of cron monitors and services (docs/api-maintenance.md, "Dependencies"): the
 * parents an object names, checked (same organization, no cycle, at most 5 levels) and stored as
 * edges of `dependencies`. The incident paths read the edges (storage/dependency-sql.ts); the hold
 * itself is decided in domain/incidents.ts (`parentDown`).
 *
 * Who may name what: cron monitors of the organization; services of the organization, i.e. whose
 * incidents and notifications go there (their owner's default organization), that the user owns,
 * or (a service token, no user behind it) of the organization's members. A parent elsewhere would
 * hold the organization's incidents under an incident its people never see, and list them in
 * another organization's notifications: it is refused as unknown, and the incident paths never
 * follow an edge to an incident of another organization (storage/dependency-sql.ts).
 */
export type DependencyScope = { orgId: number; userId: number | null };

/** A new object that has no id yet: nothing depends on it, so only its parents' chain is checked. */
const NEW_OBJECT = -1;

/**
 * The parents named by `input`, each checked to exist for `scope`, and the graph after the change
 * checked for cycles and depth: 400 `VALIDATION_ERROR` keyed `depends_on.<field>` or `depends_on`
 * (naming the cycle or the chain). `object`: the child (its id `null` while it is being created).
 */
export async function checkParents(
  tx: Client,
  scope: DependencyScope,
  object: { type: NodeRef["type"]; id: number | null },
  input: DependsOnInput,
): Promise<NodeRef[]> {
  const monitorIds = [...new Set(input.cron_monitor_ids ?? [])].sort((a, b) => a - b);
  const serviceIds = [...new Set(input.service_ids ?? [])].sort((a, b) => a - b);
  // A service's incidents and notifications live in its owner's default organization: only there
  // can it hold (and name) the organization's objects. Another's reads as unknown.
  const owner =
    scope.userId !== null
      ? { userId: scope.userId, user: { defaultOrgId: scope.orgId } }
      : { user: { defaultOrgId: scope.orgId, memberships: { some: { orgId: scope.orgId } } } };
  const [monitors, services] = await Promise.all([
    monitorIds.length === 0
      ? []
      : tx.cronMonitor.findMany({ where: { id: { in: monitorIds }, orgId: scope.orgId }, select: { id: true } }),
    serviceIds.length === 0
      ? []
      : tx.service.findMany({ where: { id: { in: serviceIds }, ...owner }, select: { id: true } }),
  ]);
  const refuse = (field: string, what: string, ids: number[], found: { id: number }[]) => {
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0)
      throw validationError(`depends_on.${field}`, `No ${what} ${missing.join(", ")} in this organization`);
  };
  refuse("cron_monitor_ids", "cron monitor", monitorIds, monitors);
  refuse("service_ids", "service", serviceIds, services);
  const parents: NodeRef[] = [
    ...monitorIds.map((id) => ({ type: "cron_monitor" as const, id })),
    ...serviceIds.map((id) => ({ type: "service" as const, id })),
  ];
  if (parents.length === 0) return parents;
  const node: NodeRef = { type: object.type, id: object.id ?? NEW_OBJECT };
  const problem = checkDependencies(await orgEdges(tx, scope.orgId), node, parents);
  if (problem) throw validationError("depends_on", problemText(problem));
  return parents;
}

/** Replaces the object's parents by `parents` (in the caller's transaction). */
export async function writeParents(tx: Client, orgId: number, object: NodeRef, parents: NodeRef[]): Promise<void> {
  const child = object.type === "cron_monitor" ? { childCronMonitorId: object.id } : { childServiceId: object.id };
  await tx.dependency.deleteMany({ where: child });
  if (parents.length === 0) return;
  await tx.dependency.createMany({
    data: parents.map((p) => ({
      orgId,
      ...child,
      ...(p.type === "cron_monitor" ? { parentCronMonitorId: p.id } : { parentServiceId: p.id }),
    })),
  });
}

/** How checked parents show as `depends_on` (they come sorted from `checkParents`): no read needed. */
export function shownParents(parents: NodeRef[]): DependsOn {
  const ids = (type: NodeRef["type"]) => parents.filter((p) => p.type === type).map((p) => p.id);
  return { cron_monitor_ids: ids("cron_monitor"), service_ids: ids("service") };
}

async function orgEdges(tx: Client, orgId: number): Promise<DependencyEdge[]> {
  const rows = await tx.dependency.findMany({ where: { orgId } });
  const ref = (monitor: number | null, service: number | null): NodeRef =>
    monitor !== null ? { type: "cron_monitor", id: monitor } : { type: "service", id: service! };
  return rows.map((r) => ({
    child: ref(r.childCronMonitorId, r.childServiceId),
    parent: ref(r.parentCronMonitorId, r.parentServiceId),
  }));
}
