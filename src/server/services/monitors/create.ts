import type { Prisma } from "../../../generated/prisma/client";
import { AppError } from "../../../shared/errors";
import { planOf } from "../../../shared/plans";
import type { CreateCronMonitorInput, CronMonitor } from "../../../shared/schemas/cron-monitors";
import { randomToken } from "../../auth/tokens";
import { db, type Db } from "../../db";
import { assertOrgIntegrations, assertUsableProject, dependencyScope, type MonitorCaller } from "./caller";
import { checkParents, shownParents, writeParents } from "../dependencies/depends-on";
import { editableColumns, ruleColumns } from "./fields";
import { inOrganizationLock } from "./lock";
import { keepMonitorFeatureUse } from "./feature-use";
import { writeTransaction } from "../../transactions";
import { getMonitor } from "./read";
import { apiStore } from "../../storage/engine";
import { takePendingAudit } from "../../storage/audit-pending";
import { toWire } from "./wire";
import { withMonitorMaintenance } from "../maintenance/coverage";
import { columnsOf, nextExpectedFrom, sameSchedule, scheduleForCreate, type ScheduleColumns } from "./schedule-input";

/** 43 url-safe characters: 256 random bits in base64url (spec 5, ping token). */
export function newPingToken(): string {
  return randomToken(32);
}

type Outcome = { kind: "created" | "updated"; id: number } | { kind: "limit"; max: number } | { kind: "forbidden" };

/**
 * POST /cron-monitors. With both `source` and `external_id` it is an upsert keyed by
 * (organization, source, external_id): an existing pair is updated in place (same id, same ping
 * token) and does not count against `max_cron_monitors`. Updating an existing pair is an edit: it
 * needs `cronmonitor.edit` (`caller.mayEdit`); without it the upsert answers 403 and changes nothing,
 * while a new pair is still created with `cronmonitor.create` alone.
 *
 * The plan limit holds under concurrency: counting and inserting run under the organization's write
 * lock (lock.ts), so they cannot interleave with another create of the same organization, in this
 * process or any other sharing the database.
 */
export async function createMonitor(
  caller: MonitorCaller,
  input: CreateCronMonitorInput,
  now = new Date(),
  client: Db = db(),
): Promise<{ monitor: CronMonitor; created: boolean }> {
  const schedule = scheduleForCreate(input);
  if (input.project_id != null) await assertUsableProject(client, caller.projects, input.project_id);
  await assertOrgIntegrations(client, caller.orgId, input.integration_ids);
  const source = input.source ?? null;
  const externalId = input.external_id ?? null;
  const managed = source !== null && externalId !== null;
  // The parents are checked before anything is written: for a new monitor (nothing depends on it
  // yet, so no cycle), or for the monitor an upsert would update (others may depend on it).
  const upserted = managed
    ? await client.cronMonitor.findFirst({ where: { orgId: caller.orgId, source, externalId }, select: { id: true } })
    : null;
  const parents = input.depends_on
    ? await checkParents(
        client,
        dependencyScope(caller),
        { type: "cron_monitor", id: upserted?.id ?? null },
        input.depends_on,
      )
    : null;
  const max = planOf(caller.plan).maxCronMonitors;

  if (!managed) {
    const created = await createPlain(caller, input, schedule, max, now);
    // A plain create is one statement; a project or parents add what the monitor now uses.
    if (!parents && input.project_id == null) return created;
    await writeTransaction(async (tx) => {
      if (parents) await writeParents(tx, caller.orgId, { type: "cron_monitor", id: created.monitor.id }, parents);
      await keepMonitorFeatureUse(tx, { ids: [created.monitor.id] }, now);
    }, client);
    if (!parents) return created;
    return {
      ...created,
      monitor: {
        ...created.monitor,
        depends_on: shownParents(parents),
      },
    };
  }

  // Every outcome commits: a refused create returns a marker instead of throwing inside the
  // transaction, so nothing is rolled back on the shared connection.
  const outcome = await inOrganizationLock(client, caller.orgId, async (tx): Promise<Outcome> => {
    const pair = { orgId: caller.orgId, source, externalId };
    if (!caller.mayEdit && (await tx.cronMonitor.findFirst({ where: pair, select: { id: true } })))
      return { kind: "forbidden" };
    const updated = await updateManagedPair(tx, pair, input, schedule, now);
    if (updated !== null) return { kind: "updated", id: updated };
    const count = await tx.cronMonitor.count({ where: { orgId: caller.orgId } });
    if (count >= max) return { kind: "limit", max };
    const row = await tx.cronMonitor.create({
      data: {
        ...editableColumns(input),
        ...ruleColumns(input, null, now),
        ...schedule,
        name: input.name,
        orgId: caller.orgId,
        source,
        externalId,
        managed,
        state: "new",
        stateSince: now,
        nextExpectedAt: null, // decisions 3: not armed until the first ping
        pingToken: newPingToken(),
      },
      select: { id: true },
    });
    return { kind: "created", id: row.id };
  });
  if (outcome.kind === "forbidden") {
    throw new AppError(
      "FORBIDDEN",
      "Updating an existing monitor through source and external_id needs the cronmonitor.edit capability",
    );
  }
  if (outcome.kind === "limit") {
    throw new AppError(
      "PLAN_LIMIT_REACHED",
      `Your plan allows ${outcome.max} cron monitors; delete one or upgrade the plan`,
    );
  }
  const id = outcome.id;
  await writeTransaction(async (tx) => {
    if (parents) await writeParents(tx, caller.orgId, { type: "cron_monitor", id }, parents);
    await keepMonitorFeatureUse(tx, { ids: [id] }, now);
  }, client);
  const monitor = await getMonitor({ orgId: caller.orgId, monitorId: outcome.id }, now);
  return { monitor, created: outcome.kind === "created" };
}

/**
 * The upsert's update: the body's fields over the existing monitor of that pair, its schedule
 * replaced (re-armed if it changed and was armed). The id of the updated monitor, or null if none.
 */
async function updateManagedPair(
  tx: Prisma.TransactionClient,
  pair: { orgId: number; source: string; externalId: string },
  input: CreateCronMonitorInput,
  schedule: ScheduleColumns,
  now: Date,
): Promise<number | null> {
  const existing = await tx.cronMonitor.findFirst({ where: pair });
  if (!existing) return null;
  const rearm = existing.nextExpectedAt !== null && !sameSchedule(columnsOf(existing), schedule);
  await tx.cronMonitor.update({
    where: { id: existing.id },
    data: {
      ...editableColumns(input),
      ...ruleColumns(input, existing, now),
      ...schedule,
      managed: true,
      ...(rearm ? { nextExpectedAt: nextExpectedFrom(schedule, now) } : {}),
    },
  });
  return existing.id;
}

/**
 * A create without an upsert pair: one statement that inserts unless the organization already has
 * `max` monitors (see the storage's insertMonitor), so creates from many clients neither wait
 * behind a long lock nor pass the limit. A new monitor has no runs, so its answer needs no read.
 */
async function createPlain(
  caller: MonitorCaller,
  input: CreateCronMonitorInput,
  schedule: ScheduleColumns,
  max: number,
  now: Date,
): Promise<{ monitor: CronMonitor; created: boolean }> {
  const columns = editableColumns(input);
  const rules = ruleColumns(input, null, now);
  const audit = takePendingAudit()?.[0] ?? null;
  const row = await apiStore().insertMonitor(
    {
      orgId: caller.orgId,
      projectId: columns.projectId ?? null,
      name: input.name,
      icon: columns.icon ?? null,
      ...schedule,
      graceSeconds: columns.graceSeconds ?? 300,
      maxRuntimeSeconds: columns.maxRuntimeSeconds ?? null,
      driftPct: columns.driftPct ?? 0.5,
      driftMinSeconds: columns.driftMinSeconds ?? 30,
      driftAlerts: columns.driftAlerts ?? true,
      paused: columns.paused ?? false,
      suspended: columns.suspended ?? false,
      state: "new",
      stateSince: now,
      lastPingAt: null,
      lastRunStatus: null,
      nextExpectedAt: null, // decisions 3: not armed until the first ping
      pingToken: newPingToken(),
      integrationIds: columns.integrationIds ?? "[]",
      source: input.source ?? null,
      externalId: input.external_id ?? null,
      managed: false,
      snoozedUntil: null,
      runRules: rules.runRules ?? null,
      runRulesState: null,
      runsDueAt: rules.runsDueAt ?? null,
      createdAt: now,
      updatedAt: now,
    },
    max,
    audit, // the request's audit entry, in the insert's transaction (storage/audit-pending.ts)
  );
  if (!row)
    throw new AppError("PLAN_LIMIT_REACHED", `Your plan allows ${max} cron monitors; delete one or upgrade the plan`);
  // A new monitor is under maintenance only through its project (no window names it yet).
  const monitor =
    row.projectId === null ? toWire(row) : (await withMonitorMaintenance(caller.orgId, [toWire(row)]))[0]!;
  return { monitor, created: true };
}
