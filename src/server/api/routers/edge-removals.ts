import { z } from "zod";
import { id, pageMeta, paginationInput } from "../../../shared/schemas/common";
import { EDGE_OBJECT_TYPES, edgeRemoval } from "../../../shared/schemas/edge-removals";
import { listEdgeRemovals } from "../../services/accounts/member-edges";
import { orgProcedure, router } from "../trpc";

export const edgeRemovalsRouter = router({
  list: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/edge-removals",
        tags: ["Organizations"],
        summary: "Edges the organization's objects lost when the other end left the organization or was deleted",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(
      z.object({
        object_type: z.enum(EDGE_OBJECT_TYPES).optional(),
        object_id: id().optional(),
        ...paginationInput,
      }),
    )
    .output(z.object({ data: z.array(edgeRemoval), meta: pageMeta }))
    .query(({ ctx, input }) => listEdgeRemovals(ctx.org.id, input)),
});
