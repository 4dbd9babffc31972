import { z } from "zod";
import { envelope, idParam } from "../../../shared/schemas/common";
import { badge, createBadgeInput } from "../../../shared/schemas/badges";
import * as badges from "../../services/status-pages/badges";
import { orgProcedure, router } from "../trpc";

const tags = ["Badges"];
const scopeOf = (ctx: { org: { id: number }; principal: { kind: string; userId?: number } }) => ({
  orgId: ctx.org.id,
  userId: ctx.principal.kind === "user" ? (ctx.principal.userId ?? null) : null,
});

export const badgesRouter = router({
  list: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/badges",
        tags,
        summary: "The organization's badges with their URLs",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(z.void())
    .output(envelope(z.array(badge)))
    .query(async ({ ctx }) => ({ data: await badges.listBadges(scopeOf(ctx)) })),

  create: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/badges",
        tags,
        summary: "Issue a badge for one cron monitor, service or project (an unguessable key)",
        protect: true,
      },
      capability: "cronmonitor.create",
      successStatus: 201,
    })
    .input(createBadgeInput)
    .output(envelope(badge))
    .mutation(async ({ ctx, input }) => ({ data: await badges.createBadge(scopeOf(ctx), input) })),

  delete: orgProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/badges/{id}",
        tags,
        summary: "Revoke a badge (its URLs answer 404 at once)",
        protect: true,
      },
      capability: "cronmonitor.delete",
      successStatus: 204,
    })
    .input(z.object({ id: idParam }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await badges.deleteBadge(scopeOf(ctx), input.id);
    }),
});
