import { z } from "zod";
import { envelope, idParam } from "../../../shared/schemas/common";
import { createIncidentUpdateInput, incidentUpdate } from "../../../shared/schemas/incident-updates";
import * as updates from "../../services/incidents/incident-updates";
import { orgProcedure, router } from "../trpc";

const tags = ["Incidents"];
const scopeOf = (ctx: { org: { id: number }; principal: { kind: string; userId?: number } }) => ({
  orgId: ctx.org.id,
  userId: ctx.principal.kind === "user" ? (ctx.principal.userId ?? null) : null,
});

export const incidentUpdatesRouter = router({
  list: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/incidents/{id}/updates",
        tags,
        summary: "An incident's updates, oldest first",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(z.object({ id: idParam }))
    .output(envelope(z.array(incidentUpdate)))
    .query(async ({ ctx, input }) => ({ data: await updates.listIncidentUpdates(scopeOf(ctx), input.id) })),

  create: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/incidents/{id}/updates",
        tags,
        summary: "Post an update on an incident (shown on status pages and their feeds)",
        protect: true,
      },
      capability: "cronmonitor.edit",
      successStatus: 201,
    })
    .input(createIncidentUpdateInput)
    .output(envelope(incidentUpdate))
    .mutation(async ({ ctx, input: { id, ...fields } }) => ({
      data: await updates.addIncidentUpdate(scopeOf(ctx), id, fields),
    })),
});
