import { AppError, notFound, validationError } from "../../../shared/errors";
import { planOf } from "../../../shared/plans";
import { parseSchedule, ScheduleError, type ScheduleFieldNames } from "../../../shared/schedule";
import type {
  CreateMaintenanceInput,
  ListMaintenanceInput,
  MaintenanceWindowView,
  PatchMaintenanceInput,
} from "../../../shared/schemas/maintenance";
import { isoOrNull, isoSeconds } from "../../../shared/time";
import type { Prisma } from "../../../generated/prisma/client";
import { db } from "../../db";
import {
  MIN_RUN_SPACING_MINUTES,
  currentOrNext,
  running,
  runsTooClose,
  type Occurrence,
} from "../../domain/maintenance";
import { invalidateOrganizationPages } from "../status-pages/cache";
import { timingOf } from "../../storage/maintenance-sql";
import { lockOrganization } from "../../storage/row-lock";
import { writeTransaction } from "../../transactions";
import { keepMonitorFeatureUse } from "../monitors/feature-use";

type Tx = Prisma.TransactionClient;

/**
 * Maintenance windows of an organization (docs/api-maintenance.md). Who edits: the active
 * organization, and the user behind the call (services and projects belong to users: a user names
 * their own; a service token, those of the organization's members).
 */
export type MaintenanceScope = { orgId: number; userId: number | null };

/** The timing columns of a window, as stored. */
type Timing = {
  startsAt: Date | null;
  endsAt: Date | null;
  schedule: string | null;
  timezone: string | null;
  durationMinutes: number | null;
};

const SCHEDULE_FIELDS: ScheduleFieldNames = {
  kind: "schedule",
  cron: "schedule",
  tz: "timezone",
  period: "duration_minutes",
};

/**
 * Checks a window's timing: exactly one of a one-off (`starts_at` before `ends_at`) or a recurring
 * (`schedule`, `duration_minutes`, `timezone` default UTC) window. A bad schedule or zone is a
 * 400 VALIDATION_ERROR keyed by its field, and so are runs closer than `MIN_RUN_SPACING_MINUTES`
 * (`schedule`; runs shorter than 5 minutes are refused by the input schema: docs/limits.md).
 * Returns the columns, the schedule normalized.
 */
export function checkedTiming(t: Timing, now = new Date()): Timing {
  const once = t.startsAt !== null || t.endsAt !== null;
  // A zone alone does not make a window recurring (a PATCH to one-off may leave the old zone behind).
  const recurring = t.schedule !== null || t.durationMinutes !== null;
  if (once && recurring)
    throw validationError(
      "schedule",
      "Give either starts_at and ends_at (one-off) or schedule and duration_minutes (recurring), not both",
    );
  if (!once && !recurring)
    throw validationError(
      "starts_at",
      "Give starts_at and ends_at (one-off) or schedule and duration_minutes (recurring)",
    );
  if (once) {
    if (t.startsAt === null) throw validationError("starts_at", "A one-off window needs starts_at");
    if (t.endsAt === null) throw validationError("ends_at", "A one-off window needs ends_at");
    if (t.endsAt.getTime() <= t.startsAt.getTime()) throw validationError("ends_at", "ends_at must be after starts_at");
    return { startsAt: t.startsAt, endsAt: t.endsAt, schedule: null, timezone: null, durationMinutes: null };
  }
  if (t.schedule === null) throw validationError("schedule", "A recurring window needs a schedule");
  if (t.durationMinutes === null)
    throw validationError("duration_minutes", "A recurring window needs duration_minutes");
  try {
    const schedule = parseSchedule({ kind: "cron", cron: t.schedule, tz: t.timezone ?? "UTC" }, SCHEDULE_FIELDS);
    if (schedule.kind !== "cron") throw validationError("schedule", "A cron expression is required");
    currentOrNext({ kind: "recurring", schedule, durationMinutes: t.durationMinutes }, now);
    const close = runsTooClose(schedule, now);
    if (close)
      throw validationError(
        "schedule",
        `Runs of a recurring window must start at least ${MIN_RUN_SPACING_MINUTES} minutes apart; this schedule starts runs at ${isoSeconds(close.first)} and ${isoSeconds(close.second)}`,
      );
    return {
      startsAt: null,
      endsAt: null,
      schedule: schedule.expression,
      timezone: schedule.timezone,
      durationMinutes: t.durationMinutes,
    };
  } catch (err) {
    if (err instanceof ScheduleError) throw validationError(err.field ?? "schedule", err.message);
    throw err;
  }
}

type Targets = { cronMonitorIds: number[]; serviceIds: number[]; projectIds: number[] };

/**
 * Every target names an object the caller may use: a cron monitor of the organization; a service or
 * project of the caller's own (a service token: of a member of the organization). Unknown and
 * foreign ids read alike: 400 keyed by the list, naming them. At least one target.
 */
async function checkedTargets(
  tx: Tx,
  scope: MaintenanceScope,
  input: CreateMaintenanceInput["targets"],
): Promise<Targets> {
  const wanted = {
    cronMonitorIds: [...new Set(input.cron_monitor_ids ?? [])],
    serviceIds: [...new Set(input.service_ids ?? [])],
    projectIds: [...new Set(input.project_ids ?? [])],
  };
  if (wanted.cronMonitorIds.length + wanted.serviceIds.length + wanted.projectIds.length === 0) {
    throw validationError("targets", "Name at least one cron monitor, service or project");
  }
  // Checked under the organization's lock (the caller's), which a member's removal takes (members.ts),
  // and only while the owner is a member: a removal that committed since the request was let in wins.
  const member = { memberships: { some: { orgId: scope.orgId } } };
  const owner = scope.userId !== null ? { userId: scope.userId, user: member } : { user: member };
  const [monitors, services, projects] = await Promise.all([
    tx.cronMonitor.findMany({ where: { id: { in: wanted.cronMonitorIds }, orgId: scope.orgId }, select: { id: true } }),
    tx.service.findMany({ where: { id: { in: wanted.serviceIds }, ...owner }, select: { id: true } }),
    tx.project.findMany({ where: { id: { in: wanted.projectIds }, ...owner }, select: { id: true } }),
  ]);
  const refuse = (field: string, what: string, ids: number[], found: { id: number }[]) => {
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0)
      throw validationError(`targets.${field}`, `No ${what} ${missing.join(", ")} you may use in this organization`);
  };
  refuse("cron_monitor_ids", "cron monitor", wanted.cronMonitorIds, monitors);
  refuse("service_ids", "service", wanted.serviceIds, services);
  refuse("project_ids", "project", wanted.projectIds, projects);
  return wanted;
}

/**
 * The plan's `maxRecurringMaintenanceWindows` (docs/limits.md), counted under the organization's row
 * lock (a no-op update as the transaction's first write: PostgreSQL locks the row until commit,
 * SQLite takes the write lock), so parallel creates cannot pass it. `except`: the window being
 * edited. The limit when it is reached, else null.
 */
async function recurringLimitReached(tx: Tx, orgId: number, except: number | null): Promise<number | null> {
  const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { plan: true } });
  const max = planOf(org.plan).maxRecurringMaintenanceWindows;
  const count = await tx.maintenanceWindow.count({
    where: { orgId, schedule: { not: null }, ...(except !== null ? { id: { not: except } } : {}) },
  });
  return count >= max ? max : null;
}

const planLimit = (max: number) =>
  new AppError(
    "PLAN_LIMIT_REACHED",
    `Your plan allows ${max} recurring maintenance windows; delete one or upgrade the plan`,
  );

const targetRows = (t: Targets) => [
  ...t.cronMonitorIds.map((cronMonitorId) => ({ cronMonitorId })),
  ...t.serviceIds.map((serviceId) => ({ serviceId })),
  ...t.projectIds.map((projectId) => ({ projectId })),
];

/** The run the stores read (maintenance-sql.ts): going on at `now` or next. */
function runColumns(timing: Timing, now: Date) {
  const run = currentOrNext(timingOf(timing), now);
  return { currentStartsAt: run?.start ?? null, currentEndsAt: run?.end ?? null };
}

const include = { targets: { orderBy: { id: "asc" as const } } } as const;
type WindowRow = NonNullable<Awaited<ReturnType<typeof readWindow>>>;

function readWindow(client: Tx | ReturnType<typeof db>, orgId: number, id: number) {
  return client.maintenanceWindow.findFirst({ where: { id, orgId }, include });
}

function occurrenceOf(row: WindowRow, now: Date): Occurrence | null {
  try {
    return currentOrNext(timingOf(row), now);
  } catch {
    return null;
  }
}

export function windowView(row: WindowRow, now: Date): MaintenanceWindowView {
  const run = occurrenceOf(row, now);
  const ids = (key: "cronMonitorId" | "serviceId" | "projectId") =>
    row.targets.flatMap((t) => (t[key] !== null ? [t[key]!] : []));
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    starts_at: isoOrNull(row.startsAt),
    ends_at: isoOrNull(row.endsAt),
    schedule: row.schedule,
    timezone: row.timezone,
    duration_minutes: row.durationMinutes,
    targets: { cron_monitor_ids: ids("cronMonitorId"), service_ids: ids("serviceId"), project_ids: ids("projectId") },
    active: running(run, now),
    next_starts_at: isoOrNull(run?.start),
    next_ends_at: isoOrNull(run?.end),
    created_at: isoSeconds(row.createdAt),
    updated_at: isoSeconds(row.updatedAt),
  };
}

/** GET /maintenance-windows: the organization's windows in id order; `active`, `upcoming` filter. */
export async function listWindows(
  scope: MaintenanceScope,
  filter: ListMaintenanceInput,
  now = new Date(),
): Promise<MaintenanceWindowView[]> {
  const rows = await db().maintenanceWindow.findMany({
    where: { orgId: scope.orgId },
    include,
    orderBy: { id: "asc" },
  });
  return rows
    .map((r) => windowView(r, now))
    .filter((w) => filter.active === undefined || w.active === (filter.active === "true"))
    .filter(
      (w) => filter.upcoming === undefined || (!w.active && w.next_starts_at !== null) === (filter.upcoming === "true"),
    );
}

export async function getWindow(scope: MaintenanceScope, id: number, now = new Date()): Promise<MaintenanceWindowView> {
  const row = await readWindow(db(), scope.orgId, id);
  if (!row) throw notFound("Maintenance window");
  return windowView(row, now);
}

const dateOrNull = (v: string | null | undefined) => (v === null || v === undefined ? null : new Date(v));

export async function createWindow(
  scope: MaintenanceScope,
  input: CreateMaintenanceInput,
  now = new Date(),
): Promise<MaintenanceWindowView> {
  const timing = checkedTiming(
    {
      startsAt: dateOrNull(input.starts_at),
      endsAt: dateOrNull(input.ends_at),
      schedule: input.schedule ?? null,
      timezone: input.timezone ?? null,
      durationMinutes: input.duration_minutes ?? null,
    },
    now,
  );
  const id = await writeTransaction(async (tx) => {
    // The organization's lock: the plan's count and the targets' owners are read under it.
    await lockOrganization(tx, scope.orgId);
    if (timing.schedule !== null) {
      const max = await recurringLimitReached(tx, scope.orgId, null);
      if (max !== null) throw planLimit(max);
    }
    const targets = await checkedTargets(tx, scope, input.targets);
    const run = runColumns(timing, now);
    const row = await tx.maintenanceWindow.create({
      data: {
        orgId: scope.orgId,
        title: input.title,
        description: input.description ?? "",
        ...timing,
        ...run,
        targets: { create: targetRows(targets) },
      },
      select: { id: true },
    });
    // Status page subscribers hear of a window whose run lies ahead (notify/subscribers.ts); a run
    // already going on is told by its start's announcement alone.
    if (run.currentStartsAt && run.currentEndsAt && run.currentStartsAt.getTime() > now.getTime())
      await tx.outbox.create({
        data: {
          orgId: scope.orgId,
          event: "maintenance.scheduled",
          windowId: row.id,
          windowStartsAt: run.currentStartsAt,
          windowEndsAt: run.currentEndsAt,
          createdAt: now,
        },
      });
    await keepMonitorFeatureUse(tx, { ids: targets.cronMonitorIds, projectIds: targets.projectIds }, now);
    return row.id;
  });
  invalidateOrganizationPages(scope.orgId);
  return getWindow(scope, id, now);
}

/** PATCH: the fields given replace the stored ones (null clears a timing field); `targets` replaces the whole list. */
export async function updateWindow(
  scope: MaintenanceScope,
  id: number,
  input: Omit<PatchMaintenanceInput, "id">,
  now = new Date(),
): Promise<MaintenanceWindowView> {
  await writeTransaction(async (tx) => {
    await lockOrganization(tx, scope.orgId); // as createWindow
    const row = await tx.maintenanceWindow.findFirst({ where: { id, orgId: scope.orgId }, include });
    if (!row) throw notFound("Maintenance window");
    const pick = <T>(given: T | null | undefined, stored: T | null): T | null => (given === undefined ? stored : given);
    const timing = checkedTiming(
      {
        startsAt: input.starts_at === undefined ? row.startsAt : dateOrNull(input.starts_at),
        endsAt: input.ends_at === undefined ? row.endsAt : dateOrNull(input.ends_at),
        schedule: pick(input.schedule, row.schedule),
        timezone: pick(input.timezone, row.timezone),
        durationMinutes: pick(input.duration_minutes, row.durationMinutes),
      },
      now,
    );
    if (timing.schedule !== null && row.schedule === null) {
      const max = await recurringLimitReached(tx, scope.orgId, id);
      if (max !== null) throw planLimit(max);
    }
    const targets = input.targets ? await checkedTargets(tx, scope, input.targets) : null;
    await tx.maintenanceWindow.update({
      where: { id },
      data: {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...timing,
        ...runColumns(timing, now),
        ...(targets ? { targets: { deleteMany: {}, create: targetRows(targets) } } : {}),
      },
    });
    // What the window covered before and covers now: its timing or its targets may have changed.
    const before = targetsOf(row);
    await keepMonitorFeatureUse(
      tx,
      {
        ids: [...before.cronMonitorIds, ...(targets?.cronMonitorIds ?? [])],
        projectIds: [...before.projectIds, ...(targets?.projectIds ?? [])],
      },
      now,
    );
  });
  invalidateOrganizationPages(scope.orgId);
  return getWindow(scope, id, now);
}

/**
 * DELETE: the window is gone at once; an incident it held is announced by the next sweep if still
 * open (nothing holds it any more).
 */
export async function deleteWindow(scope: MaintenanceScope, id: number, now = new Date()): Promise<void> {
  await writeTransaction(async (tx) => {
    const row = await tx.maintenanceWindow.findFirst({ where: { id, orgId: scope.orgId }, include });
    if (!row) throw notFound("Maintenance window");
    await tx.maintenanceWindow.delete({ where: { id } });
    const named = targetsOf(row);
    await keepMonitorFeatureUse(tx, { ids: named.cronMonitorIds, projectIds: named.projectIds }, now);
  });
  invalidateOrganizationPages(scope.orgId);
}

/** The cron monitors and projects a stored window names. */
function targetsOf(row: WindowRow): { cronMonitorIds: number[]; projectIds: number[] } {
  return {
    cronMonitorIds: row.targets.flatMap((t) => (t.cronMonitorId !== null ? [t.cronMonitorId] : [])),
    projectIds: row.targets.flatMap((t) => (t.projectId !== null ? [t.projectId] : [])),
  };
}
