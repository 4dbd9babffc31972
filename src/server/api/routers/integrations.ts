import { z } from "zod";
import { envelope, idParam, pageMeta } from "../../../shared/schemas/common";
import {
  createIntegrationInput,
  delivery,
  testDelivery,
  integration,
  listDeliveriesInput,
  listIntegrationsInput,
  patchIntegrationInput,
} from "../../../shared/schemas/integrations";
import * as integrations from "../../services/integrations/integrations";
import { orgProcedure, router } from "../trpc";

const tags = ["Integrations"];
const view = "cronmonitor.view" as const;
const edit = "cronmonitor.edit" as const;

/** Integrations of the active organization (decisions 7): reading needs cronmonitor.view, changing cronmonitor.edit. */
export const integrationsRouter = router({
  list: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/integrations",
        tags,
        summary: "The organization's integrations",
        protect: true,
      },
      capability: view,
    })
    .input(listIntegrationsInput)
    .output(z.object({ data: z.array(integration), meta: pageMeta }))
    .query(({ ctx, input }) => integrations.listIntegrations(ctx.org.id, input)),

  create: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/integrations",
        tags,
        summary: "Add an integration (the kind chooses its config)",
        protect: true,
      },
      capability: edit,
      successStatus: 201,
      conflict:
        "An email integration, and the organization has 20 awaiting their recipient's confirmation already (docs/limits.md)",
    })
    .input(createIntegrationInput)
    .output(envelope(integration))
    .mutation(async ({ ctx, input }) => ({ data: await integrations.createIntegration(ctx.org.id, input) })),

  get: orgProcedure
    .meta({
      openapi: { method: "GET", path: "/integrations/{id}", tags, summary: "One integration", protect: true },
      capability: view,
    })
    .input(z.object({ id: idParam }))
    .output(envelope(integration))
    .query(async ({ ctx, input }) => ({ data: await integrations.getIntegration(ctx.org.id, input.id) })),

  update: orgProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/integrations/{id}",
        tags,
        summary: "Change some fields of an integration",
        protect: true,
      },
      capability: edit,
      // A new or re-sent confirmation mail is limited (429); a confirmed address changed while 20 others await confirmation: 409.
      throttled: true,
      conflict:
        "A confirmed email integration's new address, and the organization has 20 awaiting their recipient's confirmation already (docs/limits.md)",
    })
    .input(patchIntegrationInput)
    .output(envelope(integration))
    .mutation(async ({ ctx, input: { id, ...patch } }) => ({
      data: await integrations.updateIntegration(ctx.org.id, id, patch),
    })),

  delete: orgProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/integrations/{id}",
        tags,
        summary: "Delete an integration (monitors stop listing it)",
        protect: true,
      },
      capability: edit,
      successStatus: 204,
    })
    .input(z.object({ id: idParam }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await integrations.deleteIntegration(ctx.org.id, input.id);
    }),

  test: orgProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/integrations/{id}/test",
        tags,
        summary: "Send a test notification now; answers the recorded attempt",
        protect: true,
      },
      capability: edit,
      throttled: true,
    })
    .input(z.object({ id: idParam }))
    .output(envelope(testDelivery))
    .mutation(async ({ ctx, input }) => ({ data: await integrations.testIntegration(ctx.org.id, input.id) })),

  deliveries: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/integrations/{id}/deliveries",
        tags,
        summary: "Delivery attempts, newest first",
        protect: true,
      },
      capability: view,
    })
    .input(listDeliveriesInput)
    .output(z.object({ data: z.array(delivery), meta: pageMeta }))
    .query(({ ctx, input }) => integrations.listDeliveries(ctx.org.id, input)),
});
