import { z } from "zod";
import { envelope, id, pageMeta, paginationInput } from "../../../shared/schemas/common";
import { incident, incidentTree } from "../../../shared/schemas/runs";
import { incidentTree as readIncidentTree } from "../../services/incidents/incident-tree";
import * as incidents from "../../services/incidents/incidents";
import { orgProcedure, router } from "../trpc";
import { acknowledgerName } from "../../services/incidents/incidents";

const tags = ["Incidents"];

export const incidentsRouter = router({
  list: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/incidents",
        tags,
        summary: "Incidents, newest first; filter by cron_monitor, service, status",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(
      z.object({
        cron_monitor: id().optional(),
        service: id().optional(),
        status: z.enum(["open", "resolved"]).optional(),
        ...paginationInput,
      }),
    )
    .output(z.object({ data: z.array(incident), meta: pageMeta }))
    .query(({ ctx, input }) =>
      incidents.listIncidents(
        { orgId: ctx.org.id, userId: ctx.principal.kind === "user" ? ctx.principal.userId : null },
        input,
      ),
    ),

  acknowledge: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/incidents/{id}/acknowledge",
        tags,
        summary: "Acknowledge an open incident: records who and when, notifies incident.acknowledged",
        protect: true,
      },
      capability: "cronmonitor.edit",
      conflict: "The incident is resolved",
    })
    .input(z.object({ id: id() }))
    .output(envelope(incident))
    .mutation(async ({ ctx, input }) => ({
      data: await incidents.acknowledgeIncident(
        {
          orgId: ctx.org.id,
          userId: ctx.principal.kind === "user" ? ctx.principal.userId : null,
          by: await acknowledgerName(ctx.principal),
        },
        input.id,
      ),
    })),

  get: orgProcedure
    .meta({
      openapi: { method: "GET", path: "/incidents/{id}", tags, summary: "One incident", protect: true },
      capability: "cronmonitor.view",
    })
    .input(z.object({ id: id() }))
    .output(envelope(incident))
    .query(async ({ ctx, input }) => ({
      data: await incidents.getIncident(
        { orgId: ctx.org.id, userId: ctx.principal.kind === "user" ? ctx.principal.userId : null },
        input.id,
      ),
    })),

  tree: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/incidents/{id}/tree",
        tags,
        summary: "An incident with the parent incident it opened under and the incidents opened under it (depends_on)",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(z.object({ id: id() }))
    .output(envelope(incidentTree))
    .query(async ({ ctx, input }) => ({
      data: await readIncidentTree(
        { orgId: ctx.org.id, userId: ctx.principal.kind === "user" ? ctx.principal.userId : null },
        input.id,
      ),
    })),
});
