import { db, type Db } from "../../db";
import { runsBetween, type Occurrence } from "../../domain/maintenance";
import { timingOf } from "../../storage/maintenance-sql";

/**
 * The maintenance runs over an organization's cron monitors in a period, for the uptime figures that
 * leave maintenance time out (status pages, badges: docs/api-maintenance.md "Uptime"). One read of
 * the organization's windows with their targets; each window's runs as its timing says now (a
 * deleted window leaves nothing, an edited one reads as if it had always had its new timing). A
 * window covers a monitor it names, or the monitor's current project.
 */
export async function monitorMaintenanceRuns(
  orgId: number,
  monitors: { id: number; projectId: number | null }[],
  from: Date,
  to: Date,
  client: Pick<Db, "maintenanceWindow"> = db(),
): Promise<Map<number, Occurrence[]>> {
  const out = new Map<number, Occurrence[]>(monitors.map((m) => [m.id, []]));
  if (monitors.length === 0) return out;
  const windows = await client.maintenanceWindow.findMany({
    where: { orgId, targets: { some: { OR: [{ cronMonitorId: { not: null } }, { projectId: { not: null } }] } } },
    include: { targets: true },
  });
  for (const w of windows) {
    let runs: Occurrence[];
    try {
      runs = runsBetween(timingOf(w), from, to);
    } catch {
      continue; // a stored schedule that cannot be evaluated holds nothing either
    }
    if (runs.length === 0) continue;
    for (const m of monitors) {
      const covers = w.targets.some(
        (t) => t.cronMonitorId === m.id || (m.projectId !== null && t.projectId === m.projectId),
      );
      if (covers) out.get(m.id)!.push(...runs);
    }
  }
  return out;
}

/**
 * The hourly check rollups of services since `since`, with the checks made under a maintenance
 * window left out of `total` and `successful` (docs/api-maintenance.md "Uptime"); `maintenance`: how
 * many were left out. For the uptime figures of status pages and badges.
 */
export async function serviceChecksOutsideMaintenance(
  serviceIds: number[],
  since: Date,
): Promise<{ serviceId: number; hour: Date; total: number; successful: number; maintenance: number }[]> {
  if (serviceIds.length === 0) return [];
  const rows = await db().checkRollup.findMany({
    where: { serviceId: { in: serviceIds }, hour: { gte: since } },
    select: {
      serviceId: true,
      hour: true,
      total: true,
      successful: true,
      maintenanceTotal: true,
      maintenanceSuccessful: true,
    },
  });
  return rows.map((r) => ({
    serviceId: r.serviceId,
    hour: r.hour,
    total: r.total - r.maintenanceTotal,
    successful: r.successful - r.maintenanceSuccessful,
    maintenance: r.maintenanceTotal,
  }));
}
