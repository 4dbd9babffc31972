import type { Prisma } from "../../../generated/prisma/client";
import { PROBE_USE, rolesWith } from "../../../shared/capabilities";
import { AppError } from "../../../shared/errors";
import { lockRow } from "../../storage/row-lock";
import { afterServiceEdit } from "./service-incidents";

type Tx = Prisma.TransactionClient;

/**
 * Who may aim a private probe (`probe.use`), and what happens to services that may no longer use one.
 *
 * A service belongs to a user, and only that user can edit it, so the user who named a private probe
 * in `probe_ids` is always the service's owner: the owner is the authorizer. The rule: the owner
 * holds `probe.use` (owner or admin role) in the probe's organization. It is checked on create and
 * update (here), kept over time by moving services off the probes when the owner leaves the
 * organization or is demoted (`releaseProbesOf`), and checked again at every lease (the lease
 * statement joins the membership) and run-now (service-run.ts), so a stale row is never checked.
 */
export const PROBE_USE_ROLES = rolesWith(PROBE_USE);

/**
 * The probes a service draft names, checked against its owner: 403 FORBIDDEN when the owner is a
 * member of a probe's organization without `probe.use`; the ids that are not private probes of the
 * owner's organizations are returned (the caller reports them as a 400 on `probe_ids`).
 */
export async function checkProbeUse(tx: Tx, userId: number, probeIds: number[]): Promise<number[]> {
  if (probeIds.length === 0) return [];
  // Lock the owner's memberships of the probes' organizations first (a no-op update), so a removal or
  // demotion cannot commit between this check and the edit's commit (PostgreSQL's read committed
  // would otherwise let it release the probes before the new link exists). At most 10 probes.
  for (const probeId of probeIds) {
    await lockRow(tx, { member: userId, ofProbe: probeId });
  }
  const found = await tx.probe.findMany({
    where: { id: { in: probeIds }, kind: "private", org: { memberships: { some: { userId } } } },
    select: { id: true, org: { select: { slug: true, memberships: { where: { userId }, select: { role: true } } } } },
  });
  const refused = found.filter((p) => !PROBE_USE_ROLES.some((r) => r === p.org?.memberships[0]?.role));
  if (refused.length > 0) {
    const slugs = [...new Set(refused.map((p) => p.org!.slug))].join(", ");
    const message = `Naming the private probes of organization ${slugs} in probe_ids needs the ${PROBE_USE} capability (owner or admin role)`;
    throw new AppError("FORBIDDEN", message, { probe_ids: [message] });
  }
  return probeIds.filter((id) => !found.some((p) => p.id === id));
}

/**
 * After a user left an organization or lost `probe.use` in it: their services stop using its
 * private probes (same transaction as the membership change).
 */
export async function releaseProbesOf(
  tx: Tx,
  userId: number,
  org: { id: number; slug: string },
  why: string,
  now: Date,
): Promise<number[]> {
  const links = await tx.serviceProbe.findMany({
    where: { service: { userId }, probe: { orgId: org.id } },
    select: { serviceId: true, probeId: true },
  });
  const serviceIds = [...new Set(links.map((l) => l.serviceId))];
  await moveOffProbes(tx, serviceIds, [...new Set(links.map((l) => l.probeId))], why, now);
  return serviceIds;
}

/**
 * Takes `probeIds` away from each of `serviceIds` in a fixed number of statements (and, per service
 * that was down, its incident's): their links and
 * lanes go; a service left with no private probe gets the platform lane (lane 0); every lane left is
 * due now (enabled services) with its results forgotten; the service is `pending` with
 * `status_reason` saying why (and that the platform probes check it, when they do); an open
 * incident resolves as an edit that makes a service pending does (service-incidents.ts).
 */
export async function moveOffProbes(
  tx: Tx,
  serviceIds: number[],
  probeIds: number[],
  why: string,
  now: Date,
): Promise<void> {
  if (serviceIds.length === 0 || probeIds.length === 0) return;
  const services = await tx.service.findMany({
    where: { id: { in: serviceIds } },
    select: {
      id: true,
      enabled: true,
      status: true,
      probes: { select: { probeId: true } },
    },
  });
  const removed = new Set(probeIds);
  const ids = services.map((s) => s.id);
  const orphaned = services.filter((s) => s.probes.every((p) => removed.has(p.probeId)));
  const orphanedIds = new Set(orphaned.map((s) => s.id));
  await tx.serviceProbe.deleteMany({ where: { serviceId: { in: ids }, probeId: { in: probeIds } } });
  await tx.serviceLane.deleteMany({ where: { serviceId: { in: ids }, lane: { in: probeIds } } });
  if (orphaned.length > 0) {
    await tx.serviceLane.createMany({
      data: orphaned.map((s) => ({ serviceId: s.id, lane: 0, dueAt: now, leasableAt: s.enabled ? now : null })),
    });
  }
  const enabled = services.filter((s) => s.enabled).map((s) => s.id);
  if (enabled.length > 0) {
    await tx.serviceLane.updateMany({
      where: { serviceId: { in: enabled } },
      data: {
        dueAt: now,
        leasableAt: now,
        leasedBy: null,
        outcome: null,
        reason: null,
        responseTimeMs: null,
        consecutiveFailures: 0,
        consecutiveSuccesses: 0,
        resultAt: null,
      },
    });
  }
  const toPlatform = ids.filter((id) => orphanedIds.has(id));
  const keepPrivate = ids.filter((id) => !orphanedIds.has(id));
  if (toPlatform.length > 0) {
    await tx.service.updateMany({
      where: { id: { in: toPlatform } },
      data: { status: "pending", statusSince: now, statusReason: `${why}; the platform probes check it now` },
    });
  }
  if (keepPrivate.length > 0) {
    await tx.service.updateMany({
      where: { id: { in: keepPrivate } },
      data: { status: "pending", statusSince: now, statusReason: why },
    });
  }
  // What leaving `down` does to the incident is the rules' (a maintenance window or a snooze holds the resolution).
  for (const service of services)
    await afterServiceEdit(tx, service.id, { previous: service.status, status: "pending" }, now);
}
