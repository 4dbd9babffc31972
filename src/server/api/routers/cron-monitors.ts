import { z } from "zod";
import { envelope } from "../../../shared/schemas/common";
import {
  createCronMonitorInput,
  cronMonitor,
  cronMonitorIdInput,
  cronMonitorPage,
  listCronMonitorsInput,
  schedulePreview,
  schedulePreviewInput,
  updateCronMonitorInput,
} from "../../../shared/schemas/cron-monitors";
import type { MonitorCaller } from "../../services/monitors/caller";
import { createMonitor } from "../../services/monitors/create";
import { previewSchedule } from "../../services/monitors/preview";
import { getMonitor, listMonitors } from "../../services/monitors/read";
import { deleteMonitor, rotatePingToken, updateMonitor } from "../../services/monitors/update";
import type { ActiveOrg } from "../../services/accounts/org-access";
import type { Principal } from "../../services/accounts/principal";
import { snoozeInput } from "../../../shared/schemas/snooze";
import { snoozeMonitor, unsnoozeMonitor } from "../../services/maintenance/snooze";
import { orgProcedure, router } from "../trpc";

const tags = ["Cron monitors"];

/** Users may use their own projects; a service token any project of its organization's members. */
function callerOf(ctx: { principal: Principal; org: ActiveOrg }): MonitorCaller {
  const projects =
    ctx.principal.kind === "user"
      ? { kind: "user" as const, userId: ctx.principal.userId }
      : { kind: "org" as const, orgId: ctx.org.id };
  return {
    orgId: ctx.org.id,
    plan: ctx.org.plan,
    projects,
    mayEdit: ctx.org.capabilities.includes("cronmonitor.edit"),
  };
}

// Static paths (schedule-preview) come before the `{id}` paths: routes match first-come.
export const cronMonitorsRouter = router({
  schedulePreview: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/cron-monitors/schedule-preview",
        tags,
        protect: true,
        summary: "Validate a schedule and show its next 5 fire times (not enveloped)",
        description: "Schedule errors answer 400 with the schedule error body (`field` is `cron`, `tz` or `period`).",
      },
      scheduleErrors: true,
    })
    .input(schedulePreviewInput)
    .output(schedulePreview)
    .query(({ input }) => previewSchedule(input, new Date())),

  list: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/cron-monitors",
        tags,
        summary: "List cron monitors with their recent runs",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(listCronMonitorsInput)
    .output(cronMonitorPage)
    .query(({ ctx, input }) => listMonitors({ orgId: ctx.org.id, ...input })),

  create: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/cron-monitors",
        tags,
        protect: true,
        summary: "Create a cron monitor (or upsert by source and external_id)",
        description:
          "201 when a monitor was created. With both `source` and `external_id`, an existing monitor with that pair is " +
          "updated instead (same id and ping token) and the answer is 200; that update needs `cronmonitor.edit` (403 otherwise, nothing changed). Schedule errors answer 400 with the schedule error body.",
      },
      capability: "cronmonitor.create",
      successStatus: 201,
      alsoSucceedsWith: [200],
      scheduleErrors: true,
    })
    .input(createCronMonitorInput)
    .output(envelope(cronMonitor))
    .mutation(async ({ ctx, input }) => {
      const { monitor, created } = await createMonitor(callerOf(ctx), input);
      if (!created) ctx.response.status = 200;
      return { data: monitor };
    }),

  get: orgProcedure
    .meta({
      openapi: { method: "GET", path: "/cron-monitors/{id}", tags, summary: "Read a cron monitor", protect: true },
      capability: "cronmonitor.view",
    })
    .input(cronMonitorIdInput)
    .output(envelope(cronMonitor))
    .query(async ({ ctx, input }) => ({ data: await getMonitor({ orgId: ctx.org.id, monitorId: input.id }) })),

  update: orgProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/cron-monitors/{id}",
        tags,
        protect: true,
        summary: "Change any subset of the fields; `paused` pauses and resumes",
        description: "Schedule errors answer 400 with the schedule error body.",
      },
      capability: "cronmonitor.edit",
      scheduleErrors: true,
    })
    .input(updateCronMonitorInput)
    .output(envelope(cronMonitor))
    .mutation(async ({ ctx, input: { id, ...fields } }) => ({ data: await updateMonitor(callerOf(ctx), id, fields) })),

  delete: orgProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/cron-monitors/{id}",
        tags,
        summary: "Delete a cron monitor; its ping token stops at once",
        protect: true,
      },
      capability: "cronmonitor.delete",
      successStatus: 204,
    })
    .input(cronMonitorIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteMonitor({ orgId: ctx.org.id, monitorId: input.id });
    }),

  rotateToken: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/cron-monitors/{id}/token",
        tags,
        summary: "Issue a new ping token; the old one stops at once",
        protect: true,
      },
      capability: "cronmonitor.edit",
    })
    .input(cronMonitorIdInput)
    .output(envelope(cronMonitor))
    .mutation(async ({ ctx, input }) => ({ data: await rotatePingToken({ orgId: ctx.org.id, monitorId: input.id }) })),

  snooze: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/cron-monitors/{id}/snooze",
        tags,
        protect: true,
        summary: "Snooze notifications until a time or for some minutes",
        description:
          "Exactly one of `until` (within the next 30 days) or `minutes` (1 to 43200). While snoozed, pings go on and " +
          "incidents open and are recorded, but nothing is notified; an incident still open when the snooze ends is notified then, once.",
      },
      capability: "cronmonitor.edit",
    })
    .input(snoozeInput)
    .output(envelope(cronMonitor))
    .mutation(async ({ ctx, input: { id, ...body } }) => ({
      data: await snoozeMonitor(ctx.org.id, id, { id, ...body }),
    })),

  unsnooze: orgProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/cron-monitors/{id}/snooze",
        tags,
        protect: true,
        summary: "End the snooze now (an open incident it held is notified now)",
      },
      capability: "cronmonitor.edit",
    })
    .input(cronMonitorIdInput)
    .output(envelope(cronMonitor))
    .mutation(async ({ ctx, input }) => ({ data: await unsnoozeMonitor(ctx.org.id, input.id) })),
});
