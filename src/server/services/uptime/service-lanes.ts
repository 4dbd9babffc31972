import type { Prisma } from "../../../generated/prisma/client";

type Tx = Prisma.TransactionClient;

/**
 * A service's lanes after an edit (rare writes, inside the edit's transaction): lane 0 when it names
 * no probe (the platform probes' pool), else one lane per named private probe. `recheck` (a new
 * type, config or interval, or re-enabling) forgets the lanes' results and makes a check due now;
 * disabling makes no lane leasable; enabling makes them due now.
 */
export async function syncLanes(
  tx: Tx,
  serviceId: number,
  want: { probeIds: number[]; enabled: boolean; recheck: boolean },
  now: Date,
): Promise<void> {
  const lanes = want.probeIds.length > 0 ? want.probeIds : [0];
  await tx.serviceProbe.deleteMany({ where: { serviceId } });
  if (want.probeIds.length > 0)
    await tx.serviceProbe.createMany({ data: want.probeIds.map((probeId) => ({ serviceId, probeId })) });
  await tx.serviceLane.deleteMany({ where: { serviceId, lane: { notIn: lanes } } });
  const existing = new Set(
    (await tx.serviceLane.findMany({ where: { serviceId }, select: { lane: true } })).map((l) => l.lane),
  );
  const fresh = lanes.filter((lane) => !existing.has(lane));
  if (fresh.length > 0) {
    await tx.serviceLane.createMany({
      data: fresh.map((lane) => ({ serviceId, lane, dueAt: now, leasableAt: want.enabled ? now : null })),
    });
  }
  if (!want.enabled) {
    await tx.serviceLane.updateMany({ where: { serviceId }, data: { leasableAt: null, leasedBy: null } });
  } else if (want.recheck) {
    await tx.serviceLane.updateMany({
      where: { serviceId },
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
}
