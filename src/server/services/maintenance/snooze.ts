import { notFound, validationError } from "../../../shared/errors";
import type { CronMonitor } from "../../../shared/schemas/cron-monitors";
import { MAX_SNOOZE_MINUTES, type SnoozeInput } from "../../../shared/schemas/snooze";
import { incidentRules } from "../../domain/incidents";
import { sqlAccess } from "../../storage/engine";
import type { HeldOf } from "../../storage/held-incidents";
import { releaseHeldIncidents } from "../../sweep/held-incidents";
import { writeTransaction } from "../../transactions";
import { getMonitor } from "../monitors/read";
import { getService } from "../uptime/service-records";
import type { ServiceView } from "../uptime/service-view";

/**
 * Snooze (domain/incidents.ts, the `snoozed` rule): while an object is snoozed its incidents open
 * and are recorded but notify nobody; an incident opened meanwhile is stored `held` and notified
 * when the snooze ends: at once by `DELETE .../snooze` (the sweep's release, for this object), or by
 * the next sweep once the time passes.
 */

/** The end of a snooze asked for at `now`: 400 keyed `until` for an instant past or beyond 30 days. */
export function snoozeEnd(input: Pick<SnoozeInput, "until" | "minutes">, now: Date): Date {
  if (input.minutes !== undefined) return new Date(now.getTime() + input.minutes * 60_000);
  const until = new Date(input.until!);
  if (until.getTime() <= now.getTime()) throw validationError("until", "until must be in the future");
  if (until.getTime() > now.getTime() + MAX_SNOOZE_MINUTES * 60_000)
    throw validationError("until", "until must be within the next 30 days");
  return until;
}

/** POST /cron-monitors/{id}/snooze. */
export async function snoozeMonitor(
  orgId: number,
  monitorId: number,
  input: SnoozeInput,
  now = new Date(),
): Promise<CronMonitor> {
  const until = snoozeEnd(input, now);
  const { count } = await writeTransaction((tx) =>
    tx.cronMonitor.updateMany({ where: { id: monitorId, orgId }, data: { snoozedUntil: until } }),
  );
  if (count === 0) throw notFound("Cron monitor");
  return getMonitor({ orgId, monitorId }, now);
}

/** DELETE /cron-monitors/{id}/snooze: the snooze ends now; an incident still open and held is notified now. */
export async function unsnoozeMonitor(orgId: number, monitorId: number, now = new Date()): Promise<CronMonitor> {
  const { count } = await writeTransaction((tx) =>
    tx.cronMonitor.updateMany({ where: { id: monitorId, orgId }, data: { snoozedUntil: null } }),
  );
  if (count === 0) throw notFound("Cron monitor");
  await releaseHeld({ type: "cron_monitor", id: monitorId }, now);
  return getMonitor({ orgId, monitorId }, now);
}

/** POST /services/{id}/snooze (the owner's). */
export async function snoozeService(
  userId: number,
  serviceId: number,
  input: SnoozeInput,
  now = new Date(),
): Promise<ServiceView> {
  const until = snoozeEnd(input, now);
  const { count } = await writeTransaction((tx) =>
    tx.service.updateMany({ where: { id: serviceId, userId }, data: { snoozedUntil: until } }),
  );
  if (count === 0) throw notFound("Service");
  return getService(userId, serviceId);
}

/** DELETE /services/{id}/snooze: the snooze ends now; an incident still open and held is notified now. */
export async function unsnoozeService(userId: number, serviceId: number, now = new Date()): Promise<ServiceView> {
  const { count } = await writeTransaction((tx) =>
    tx.service.updateMany({ where: { id: serviceId, userId }, data: { snoozedUntil: null } }),
  );
  if (count === 0) throw notFound("Service");
  await releaseHeld({ type: "service", id: serviceId }, now);
  return getService(userId, serviceId);
}

/**
 * The object's held incidents (and held resolutions) that nothing holds any more, notified now,
 * once: the sweep's own release (sweep/held-incidents.ts) for this object, after the snooze's end
 * is committed, so the rules read the object as it now is (a maintenance window running over it or
 * a parent that is down keeps holding them) and the compare-and-swap on `held` lets a sweep at the
 * same moment notify none twice. Should this process stop in between, the next sweep notifies them.
 */
function releaseHeld(object: HeldOf, now: Date): Promise<number> {
  return releaseHeldIncidents(sqlAccess(), incidentRules(), now, object);
}
