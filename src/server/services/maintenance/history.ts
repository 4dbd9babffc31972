import { db, type Db } from "../../db";
import { quietTime, utcDay, type QuietTime, type Span } from "../../domain/maintenance-days";

/**
 * The maintenance time over an organization's cron monitors in a period (a `QuietTime` each), for the
 * uptime figures that
 * leave it out (status pages, badges: docs/api-maintenance.md "Uptime"), without expanding any
 * schedule: two reads whatever the windows.
 * - Past runs of recurring windows: the days the sweep recorded for each monitor when it moved a
 *   window past a run (table `monitor_maintenance_days`, sweep/maintenance-runs.ts): at most one row
 *   of 240 characters per monitor and day.
 * - One-off windows that overlap the period, and recurring windows' stored run (the one going on, or
 *   one that ended and no sweep has moved past yet), that cover the monitor now (named, or its
 *   current project): one read of those windows.
 */
export async function monitorMaintenanceRuns(
  orgId: number,
  monitors: { id: number; projectId: number | null }[],
  from: Date,
  to: Date,
  client: Pick<Db, "maintenanceWindow" | "monitorMaintenanceDay"> = db(),
): Promise<Map<number, QuietTime>> {
  const days = new Map<number, Map<string, string>>(monitors.map((m) => [m.id, new Map()]));
  const runs = new Map<number, Span[]>(monitors.map((m) => [m.id, []]));
  const result = () => new Map(monitors.map((m) => [m.id, quietTime(days.get(m.id)!, runs.get(m.id)!)]));
  if (monitors.length === 0) return result();
  const ids = monitors.map((m) => m.id);
  const projectIds = [...new Set(monitors.flatMap((m) => (m.projectId !== null ? [m.projectId] : [])))];
  const [recorded, windows] = await Promise.all([
    client.monitorMaintenanceDay.findMany({
      where: { cronMonitorId: { in: ids }, day: { gte: utcDay(from.getTime()) } },
      select: { cronMonitorId: true, day: true, minutes: true },
    }),
    client.maintenanceWindow.findMany({
      where: {
        orgId,
        targets: { some: { OR: [{ cronMonitorId: { in: ids } }, { projectId: { in: projectIds } }] } },
        OR: [
          { schedule: null, startsAt: { lt: to }, endsAt: { gt: from } },
          { schedule: { not: null }, currentStartsAt: { lt: to }, currentEndsAt: { gt: from } },
        ],
      },
      select: {
        schedule: true,
        startsAt: true,
        endsAt: true,
        currentStartsAt: true,
        currentEndsAt: true,
        targets: { select: { cronMonitorId: true, projectId: true } },
      },
    }),
  ]);
  const clipped = (a: number, b: number): Span | null => {
    const start = Math.max(a, from.getTime());
    const end = Math.min(b, to.getTime());
    return end > start ? [start, end] : null;
  };
  for (const d of recorded) days.get(d.cronMonitorId)?.set(d.day, d.minutes);
  for (const w of windows) {
    const start = w.schedule === null ? w.startsAt : w.currentStartsAt;
    const end = w.schedule === null ? w.endsAt : w.currentEndsAt;
    const run = start && end ? clipped(start.getTime(), end.getTime()) : null;
    if (!run) continue;
    for (const m of monitors) {
      const covers = w.targets.some(
        (t) => t.cronMonitorId === m.id || (m.projectId !== null && t.projectId === m.projectId),
      );
      if (covers) runs.get(m.id)!.push(run);
    }
  }
  return result();
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
