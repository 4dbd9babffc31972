import { notFound } from "../../../shared/errors";
import { isoOrNull } from "../../../shared/time";
import type { ServiceType } from "../../../shared/service-types";
import { whyProbeCannotServe } from "../../domain/probe-serving";
import { db } from "../../db";
import { PROBE_USE_ROLES } from "./probe-use";

/**
 * `GET /services/{id}/probes`: the probes that would check the service (its private probes, or the
 * platform probes) and whether each can (domain/probe-serving.ts): it runs the service's type, its
 * owner may use it, its outbound setting lets it reach the target. Three reads; another user's
 * service is 404.
 */
export async function servingProbes(userId: number, id: number) {
  const service = await db().service.findFirst({
    where: { id, userId },
    select: {
      type: true,
      probes: { select: { probeId: true } },
      lanes: { select: { lane: true, outcome: true, reason: true } },
    },
  });
  if (!service) throw notFound("Service");
  const privateIds = service.probes.map((p) => p.probeId);
  const probes = await db().probe.findMany({
    where: privateIds.length > 0 ? { id: { in: privateIds } } : { kind: "platform" },
    orderBy: { id: "asc" },
    select: {
      id: true,
      kind: true,
      name: true,
      location: true,
      checkTypes: true,
      lastSeenAt: true,
      org: { select: { memberships: { where: { userId, role: { in: PROBE_USE_ROLES } }, select: { id: true } } } },
    },
  });
  return probes.map((p) => {
    const lane = service.lanes.find((l) => l.lane === (p.kind === "platform" ? 0 : p.id)) ?? null;
    const why = whyProbeCannotServe(
      service.type as ServiceType,
      { checkTypes: p.checkTypes, mayUse: p.kind === "platform" || (p.org?.memberships.length ?? 0) > 0 },
      lane,
    );
    return {
      id: p.id,
      kind: p.kind as "platform" | "private",
      name: p.name,
      location: p.location,
      check_types: p.checkTypes === null ? null : p.checkTypes.split(",").filter(Boolean),
      last_seen_at: isoOrNull(p.lastSeenAt),
      can_serve: why === null,
      reason: why,
    };
  });
}
