import { notFound } from "../../../shared/errors";
import type { CronMonitor, UpdateCronMonitorInput } from "../../../shared/schemas/cron-monitors";
import type { Prisma } from "../../../generated/prisma/client";
import { db, type Db } from "../../db";
import { assertOrgIntegrations, assertUsableProject, dependencyScope, type MonitorCaller } from "./caller";
import { checkParents, writeParents } from "../dependencies/depends-on";
import { inOrganizationLock } from "./lock";
import { keepMonitorFeatureUse } from "./feature-use";
import { newPingToken } from "./create";
import { writeTransaction } from "../../transactions";
import { recordEdgesToDeleted } from "../accounts/member-edges";
import { editableColumns, ruleColumns } from "./fields";
import { getMonitor } from "./read";
import { columnsOf, nextExpectedFrom, sameSchedule, scheduleForUpdate, touchesSchedule } from "./schedule-input";

type MonitorRef = { orgId: number; monitorId: number };

/**
 * PATCH /cron-monitors/{id}: any subset of the writable fields. A schedule field re-runs the create
 * validation on the merged schedule; a changed schedule re-arms an armed monitor from `now`
 * (decisions 3). `paused` is the pause and resume control; the underlying state is kept.
 * `depends_on` replaces the parents (checked first: a refusal changes nothing).
 */
export async function updateMonitor(
  caller: MonitorCaller,
  monitorId: number,
  input: UpdateCronMonitorInput,
  now = new Date(),
  client: Db = db(),
): Promise<CronMonitor> {
  const ref = { orgId: caller.orgId, monitorId };
  const row = await client.cronMonitor.findFirst({ where: { id: monitorId, orgId: caller.orgId } });
  if (!row) throw notFound("Cron monitor");
  const data: Record<string, unknown> = { ...editableColumns(input), ...ruleColumns(input, row, now) };
  if (touchesSchedule(input)) {
    const schedule = scheduleForUpdate(columnsOf(row), input);
    Object.assign(data, schedule);
    if (row.nextExpectedAt !== null && !sameSchedule(columnsOf(row), schedule))
      data.nextExpectedAt = nextExpectedFrom(schedule, now);
  }
  if (input.project_id != null && input.project_id !== row.projectId) {
    await assertUsableProject(client, caller.projects, input.project_id);
  }
  await assertOrgIntegrations(client, caller.orgId, input.integration_ids);
  if (input.depends_on !== undefined || data.projectId !== undefined) {
    const dependsOn = input.depends_on;
    // Under the organization's lock: two edits that would close a cycle together run one after the
    // other. The parents, the project and what the monitor then uses are written together.
    await inOrganizationLock(client, caller.orgId, async (tx) => {
      const object = { type: "cron_monitor" as const, id: monitorId };
      if (dependsOn !== undefined)
        await writeParents(
          tx,
          caller.orgId,
          object,
          await checkParents(tx, dependencyScope(caller), object, dependsOn),
        );
      await updateColumns(tx, ref, data);
      await keepMonitorFeatureUse(tx, { ids: [monitorId] }, now);
    });
  } else await updateColumns(client, ref, data);
  return getMonitor(ref, now);
}

async function updateColumns(client: Db | Prisma.TransactionClient, ref: MonitorRef, data: Record<string, unknown>) {
  if (Object.keys(data).length === 0) return;
  const updated = await client.cronMonitor.updateMany({ where: { id: ref.monitorId, orgId: ref.orgId }, data });
  if (updated.count === 0) throw notFound("Cron monitor");
}

/**
 * DELETE /cron-monitors/{id}: the monitor, its runs and its ping token go at once; the objects that
 * held an edge to it (pages, dependents, windows) record that they lost it (member-edges.ts).
 */
export async function deleteMonitor(ref: MonitorRef): Promise<void> {
  await writeTransaction(async (tx) => {
    const found = await tx.cronMonitor.findFirst({
      where: { id: ref.monitorId, orgId: ref.orgId },
      select: { id: true },
    });
    if (!found) throw notFound("Cron monitor");
    await recordEdgesToDeleted(tx, { type: "cron_monitor", id: found.id }, new Date());
    await tx.cronMonitor.delete({ where: { id: found.id } });
  });
}

/** POST /cron-monitors/{id}/token: a new ping token; the old one is unknown from this moment. */
export async function rotatePingToken(ref: MonitorRef, now = new Date(), client: Db = db()): Promise<CronMonitor> {
  const rotated = await client.cronMonitor.updateMany({
    where: { id: ref.monitorId, orgId: ref.orgId },
    data: { pingToken: newPingToken() },
  });
  if (rotated.count === 0) throw notFound("Cron monitor");
  return getMonitor(ref, now);
}
