import { isoSeconds } from "../../../shared/time";
import type { MaintenanceRef } from "../../../shared/schemas/maintenance";
import { db, type Db } from "../../db";
import { maintenanceAt, type Occurrence } from "../../domain/maintenance";

/**
 * Which maintenance window runs over an object now, for the answers of services (and of a monitor
 * just created in a project) and for ending a snooze: `maintenance: {window_id, ends_at}` or null.
 * One read of the organization's windows with their targets for a whole page. Each window's run is
 * the stored one (`current_starts_at`, `current_ends_at`, storage/maintenance-sql.ts), the run the
 * incident paths and the monitors' answers read, so every face shows what holds the notifications.
 */
export type CoverWindow = {
  id: number;
  occurrence: Occurrence | null;
  monitorIds: Set<number>;
  serviceIds: Set<number>;
  projectIds: Set<number>;
};

type Client = Pick<Db, "maintenanceWindow" | "maintenanceTarget">;

/**
 * The organization's windows that have a stored run, each with its targets: the windows, then (only
 * when some have a run) their targets, so a list over an organization without maintenance pays one
 * statement. A window without a run covers nothing.
 */
export async function orgWindows(orgId: number, client: Client = db()): Promise<CoverWindow[]> {
  const rows = await client.maintenanceWindow.findMany({
    where: { orgId, currentStartsAt: { not: null }, currentEndsAt: { not: null } },
    select: { id: true, currentStartsAt: true, currentEndsAt: true },
  });
  if (rows.length === 0) return [];
  const targets = await client.maintenanceTarget.findMany({
    where: { windowId: { in: rows.map((w) => w.id) } },
    select: { windowId: true, cronMonitorId: true, serviceId: true, projectId: true },
  });
  return rows.map((w) => {
    const own = targets.filter((t) => t.windowId === w.id);
    const pick = (key: "cronMonitorId" | "serviceId" | "projectId") =>
      new Set(own.flatMap((t) => (t[key] !== null ? [t[key]!] : [])));
    return {
      id: w.id,
      occurrence: { start: w.currentStartsAt!, end: w.currentEndsAt! },
      monitorIds: pick("cronMonitorId"),
      serviceIds: pick("serviceId"),
      projectIds: pick("projectId"),
    };
  });
}

/** The window running over an object at `now` (the one ending last), as the answers show it. */
export function coveringMaintenance(
  windows: CoverWindow[],
  object: { type: "cron_monitor" | "service"; id: number; projectId: number | null },
  now: Date,
): MaintenanceRef {
  const covering = windows.filter(
    (w) =>
      (object.type === "cron_monitor" ? w.monitorIds.has(object.id) : w.serviceIds.has(object.id)) ||
      (object.projectId !== null && w.projectIds.has(object.projectId)),
  );
  const found = maintenanceAt(covering, now);
  return found ? { window_id: found.windowId, ends_at: isoSeconds(found.endsAt) } : null;
}

type Shown = { id: number; project_id: number | null; maintenance: MaintenanceRef };

/** Cron monitors of an organization with their `maintenance` at `now` (one read for the whole list). */
export async function withMonitorMaintenance<T extends Shown>(
  orgId: number,
  monitors: T[],
  now = new Date(),
): Promise<T[]> {
  if (monitors.length === 0) return monitors;
  const windows = await orgWindows(orgId);
  if (windows.length === 0) return monitors;
  return monitors.map((m) => ({
    ...m,
    maintenance: coveringMaintenance(windows, { type: "cron_monitor", id: m.id, projectId: m.project_id }, now),
  }));
}

/** A user's services with their `maintenance` at `now`: the windows of the organization their notifications go to (the owner's default). */
export async function withServiceMaintenance<T extends Shown>(
  userId: number,
  services: T[],
  now = new Date(),
): Promise<T[]> {
  if (services.length === 0) return services;
  const owner = await db().user.findUnique({ where: { id: userId }, select: { defaultOrgId: true } });
  if (!owner?.defaultOrgId) return services;
  const windows = await orgWindows(owner.defaultOrgId);
  if (windows.length === 0) return services;
  return services.map((s) => ({
    ...s,
    maintenance: coveringMaintenance(windows, { type: "service", id: s.id, projectId: s.project_id }, now),
  }));
}
