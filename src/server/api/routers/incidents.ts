import { z } from "zod";
import { envelope, pageMeta, paginationInput } from "../../../shared/schemas/common";
import { incident } from "../../../shared/schemas/runs";
import * as incidents from "../../services/incidents";
import { orgProcedure, router } from "../trpc";

const tags = ["Incidents"];

export const incidentsRouter = router({
  list: orgProcedure
    .meta({
      openapi: { method: "GET", path: "/incidents", tags, summary: "Incidents, newest first; filter by cron_monitor, service, status", protect: true },
      capability: "cronmonitor.view",
    })
    .input(
      z.object({
        cron_monitor: z.number().int().positive().optional(),
        service: z.number().int().positive().optional(),
        status: z.enum(["open", "resolved"]).optional(),
        ...paginationInput,
      }),
    )
    .output(z.object({ data: z.array(incident), meta: pageMeta }))
    .query(({ ctx, input }) =>
      incidents.listIncidents({ orgId: ctx.org.id, userId: ctx.principal.kind === "user" ? ctx.principal.userId : null }, input),
    ),

  get: orgProcedure
    .meta({
      openapi: { method: "GET", path: "/incidents/{id}", tags, summary: "One incident", protect: true },
      capability: "cronmonitor.view",
    })
    .input(z.object({ id: z.number().int().positive() }))
    .output(envelope(incident))
    .query(async ({ ctx, input }) => ({
      data: await incidents.getIncident({ orgId: ctx.org.id, userId: ctx.principal.kind === "user" ? ctx.principal.userId : null }, input.id),
    })),
});
