import { notFound, validationError } from "../../../shared/errors";
import type { CronMonitor } from "../../../shared/schemas/cron-monitors";
import { MAX_SNOOZE_MINUTES, type SnoozeInput } from "../../../shared/schemas/snooze";
import type { Prisma } from "../../../generated/prisma/client";
import { afterHoldEnds, NO_HOLD_RULES, type IncidentKind, type IncidentSubject } from "../../domain/incidents";
import { openParentIncident } from "../dependencies/depends-on";
import { writeTransaction } from "../../transactions";
import { getMonitor } from "../monitors/read";
import { getService } from "../uptime/service-records";
import type { ServiceView } from "../uptime/service-view";
import { maintenanceEnd } from "./coverage";

type Tx = Prisma.TransactionClient;

/**
 * Snooze (domain/incidents.ts, the `snoozed` rule): while an object is snoozed its incidents open
 * and are recorded but notify nobody; an incident opened meanwhile is stored `held` and notified
 * when the snooze ends: at once by `DELETE .../snooze`, or by the next sweep once the time passes.
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
  await writeTransaction(async (tx) => {
    const { count } = await tx.cronMonitor.updateMany({
      where: { id: monitorId, orgId },
      data: { snoozedUntil: null },
    });
    if (count === 0) throw notFound("Cron monitor");
    await notifyHeld(tx, { type: "cron_monitor", id: monitorId, orgId, snoozedUntil: null }, now);
  });
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
  await writeTransaction(async (tx) => {
    const found = await tx.service.findFirst({
      where: { id: serviceId, userId },
      select: { user: { select: { defaultOrgId: true } } },
    });
    if (!found) throw notFound("Service");
    await tx.service.update({ where: { id: serviceId }, data: { snoozedUntil: null } });
    await notifyHeld(tx, { type: "service", id: serviceId, orgId: found.user.defaultOrgId, snoozedUntil: null }, now);
  });
  return getService(userId, serviceId);
}

/**
 * The object's open held incidents whose hold has ended, notified once: the same compare-and-swap
 * on `held` the sweeper uses (storage/held-incidents.ts), so a sweep at the same moment cannot
 * notify one twice.
 */
async function notifyHeld(tx: Tx, quiet: IncidentSubject, now: Date): Promise<void> {
  const object = quiet.type === "cron_monitor" ? { cronMonitorId: quiet.id } : { serviceId: quiet.id };
  const held = await tx.incident.findMany({
    where: { ...object, status: "open", held: true },
    select: { id: true, orgId: true, kind: true, reason: true },
  });
  if (held.length === 0) return;
  // A maintenance window running over the object keeps holding them (maintenance/coverage.ts).
  const found =
    quiet.type === "cron_monitor"
      ? await tx.cronMonitor.findUnique({ where: { id: quiet.id }, select: { projectId: true } })
      : await tx.service.findUnique({ where: { id: quiet.id }, select: { projectId: true } });
  // A parent that is down keeps holding them (domain/incidents.ts `parentDown`).
  const subject = {
    ...quiet,
    parentIncidentId: await openParentIncident(tx, { type: quiet.type, id: quiet.id }),
    maintenanceUntil: await maintenanceEnd(
      tx,
      quiet.orgId,
      { type: quiet.type, id: quiet.id, projectId: found?.projectId ?? null },
      now,
    ),
  };
  for (const incident of held) {
    if (
      incident.orgId === null ||
      !afterHoldEnds(subject, { kind: incident.kind as IncidentKind, reason: incident.reason }, NO_HOLD_RULES, now)
    )
      continue;
    const { count } = await tx.incident.updateMany({
      where: { id: incident.id, held: true, status: "open" },
      data: { held: false },
    });
    if (count === 1)
      await tx.outbox.create({
        data: { orgId: incident.orgId, event: "incident.opened", ...object, incidentId: incident.id, createdAt: now },
      });
  }
}
