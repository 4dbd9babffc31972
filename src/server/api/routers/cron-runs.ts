import { z } from "zod";
import { AppError } from "../../../shared/errors";
import { envelope, id, pageMeta } from "../../../shared/schemas/common";
import { text } from "../../../shared/schemas/text";
import { cronRun, reportedEventInput, reportedEventOutput, runListInput } from "../../../shared/schemas/runs";
import * as runs from "../../services/monitors/runs";
import { orgProcedure, router } from "../trpc";

const tags = ["Cron runs"];

export const cronRunsRouter = router({
  list: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/cron-monitors/{id}/runs",
        tags,
        summary: "Runs of a monitor, newest first",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(runListInput)
    .output(z.object({ data: z.array(cronRun), meta: pageMeta }))
    .query(({ ctx, input }) => runs.listRuns(ctx.org.id, input)),

  get: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/cron-monitors/{id}/runs/{rid}",
        tags,
        summary: "One run with its events timeline (no log body)",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(z.object({ id: id(), rid: text().min(1).max(64) }))
    .output(envelope(cronRun))
    .query(async ({ ctx, input }) => ({ data: await runs.getRun(ctx.org.id, input.id, input.rid) })),

  reportEvent: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/cron-monitors/{id}/events",
        tags,
        summary: "Report a run event on behalf of a job (same logic as a ping)",
        protect: true,
      },
      capability: "cronmonitor.edit",
      successStatus: 202,
    })
    .input(reportedEventInput)
    .output(envelope(reportedEventOutput))
    .mutation(async ({ ctx, input }) => {
      const result = await runs.reportEvent(ctx.org.id, input);
      if (result.outcome !== "accepted") throw new AppError("NOT_FOUND", "Cron monitor not found");
      return {
        data: {
          monitor_id: result.monitorId,
          rid: result.rid,
          status: result.runStatus as "running" | "success" | "fail" | "missed" | null,
          state: result.state as "new" | "up" | "late" | "down" | "paused",
        },
      };
    }),
});
