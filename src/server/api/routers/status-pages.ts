import { z } from "zod";
import { envelope, id, idParam } from "../../../shared/schemas/common";
import {
  customDomainVerification,
  createStatusPageInput,
  patchStatusPageInput,
  statusPage,
  statusPageSubscriber,
} from "../../../shared/schemas/status-pages";
import * as domains from "../../services/status-pages/domains";
import * as pages from "../../services/status-pages/pages";
import * as subscribers from "../../services/status-pages/subscribers";
import { orgProcedure, router } from "../trpc";

const tags = ["Status pages"];
const scopeOf = (ctx: { org: { id: number }; principal: { kind: string; userId?: number } }) => ({
  orgId: ctx.org.id,
  userId: ctx.principal.kind === "user" ? (ctx.principal.userId ?? null) : null,
});

export const statusPagesRouter = router({
  list: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/status-pages",
        tags,
        summary: "The organization's status pages",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(z.void())
    .output(envelope(z.array(statusPage)))
    .query(async ({ ctx }) => ({ data: await pages.listStatusPages(scopeOf(ctx)) })),

  create: orgProcedure
    .meta({
      openapi: { method: "POST", path: "/status-pages", tags, summary: "Create a status page", protect: true },
      capability: "cronmonitor.create",
      successStatus: 201,
      conflict: "The slug is taken (a custom domain is never refused as taken: it serves only once verified)",
    })
    .input(createStatusPageInput)
    .output(envelope(statusPage))
    .mutation(async ({ ctx, input }) => ({ data: await pages.createStatusPage(scopeOf(ctx), input) })),

  get: orgProcedure
    .meta({
      openapi: { method: "GET", path: "/status-pages/{id}", tags, summary: "Read a status page", protect: true },
      capability: "cronmonitor.view",
    })
    .input(z.object({ id: idParam }))
    .output(envelope(statusPage))
    .query(async ({ ctx, input }) => ({ data: await pages.getStatusPage(scopeOf(ctx), input.id) })),

  update: orgProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/status-pages/{id}",
        tags,
        summary: "Change some fields of a status page (components: the whole new list)",
        protect: true,
      },
      capability: "cronmonitor.edit",
      conflict: "The slug is taken (a custom domain is never refused as taken: it serves only once verified)",
    })
    .input(patchStatusPageInput)
    .output(envelope(statusPage))
    .mutation(async ({ ctx, input: { id, ...changes } }) => ({
      data: await pages.updateStatusPage(scopeOf(ctx), id, changes),
    })),

  delete: orgProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/status-pages/{id}",
        tags,
        summary: "Delete a status page (its public URL answers 404 at once)",
        protect: true,
      },
      capability: "cronmonitor.delete",
      successStatus: 204,
    })
    .input(z.object({ id: idParam }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await pages.deleteStatusPage(scopeOf(ctx), input.id);
    }),

  verifyDomain: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/status-pages/{id}/custom-domain/verify",
        tags,
        summary: "Look at the custom domain's _lifeline-challenge TXT record now and answer its verification",
        protect: true,
      },
      capability: "cronmonitor.edit",
      throttled: true,
      conflict: "The page has no custom domain, or no token was issued for it yet",
    })
    .input(z.object({ id: idParam }))
    .output(envelope(customDomainVerification))
    .mutation(async ({ ctx, input }) => ({ data: await domains.verifyDomainNow(scopeOf(ctx), input.id) })),

  issueDomainToken: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/status-pages/{id}/custom-domain/token",
        tags,
        summary: "A new verification token for the page's pending custom domain (shown in this answer only)",
        protect: true,
      },
      capability: "cronmonitor.edit",
      conflict: "The page has no custom domain, or its domain is verified",
    })
    .input(z.object({ id: idParam }))
    .output(envelope(customDomainVerification))
    .mutation(async ({ ctx, input }) => ({ data: await domains.issueDomainToken(scopeOf(ctx), input.id) })),

  subscribers: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/status-pages/{id}/subscribers",
        tags,
        summary: "The page's email subscribers (pending and confirmed)",
        protect: true,
      },
      capability: "cronmonitor.view",
    })
    .input(z.object({ id: idParam }))
    .output(envelope(z.array(statusPageSubscriber)))
    .query(async ({ ctx, input }) => ({ data: await subscribers.listSubscribers(scopeOf(ctx), input.id) })),

  removeSubscriber: orgProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/status-pages/{id}/subscribers/{subscriber_id}",
        tags,
        summary: "Remove a subscriber (nothing more is mailed to it)",
        protect: true,
      },
      capability: "cronmonitor.edit",
      successStatus: 204,
    })
    .input(z.object({ id: idParam, subscriber_id: id() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await subscribers.removeSubscriber(scopeOf(ctx), input.id, input.subscriber_id);
    }),
});
