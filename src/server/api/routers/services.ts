import { z } from "zod";
import { envelope, id, idParam, pageMeta } from "../../../shared/schemas/common";
import {
  checkRunResult,
  createServiceInput,
  listServicesInput,
  patchServiceInput,
  replaceServiceInput,
  testServiceInput,
  servingProbe,
  checkTestResult,
  service,
  serviceStatus,
} from "../../../shared/schemas/services";
import { snoozeIdInput, snoozeInput } from "../../../shared/schemas/snooze";
import { runServiceNow } from "../../services/uptime/service-run";
import { testServiceConfig } from "../../services/uptime/service-test";
import { servingProbes } from "../../services/uptime/serving-probes";
import { snoozeService, unsnoozeService } from "../../services/maintenance/snooze";
import * as services from "../../services/uptime/service-records";
import { router, userProcedure } from "../trpc";

const tags = ["Services"];

/** Services (spec 4.4); their metrics and errors are in service-metrics.ts. */
export const servicesRouter = router({
  list: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/services",
        tags,
        summary: "Your services, filtered and paginated",
        protect: true,
      },
    })
    .input(listServicesInput)
    .output(envelope(z.array(service)).extend({ meta: pageMeta }))
    .query(({ ctx, input }) => services.listServices(ctx.user.userId, input)),

  create: userProcedure
    .meta({
      openapi: { method: "POST", path: "/services", tags, summary: "Create a service (status pending)", protect: true },
      successStatus: 201,
    })
    .input(createServiceInput)
    .output(envelope(service))
    .mutation(async ({ ctx, input }) => ({ data: await services.createService(ctx.user.userId, input) })),

  get: userProcedure
    .meta({ openapi: { method: "GET", path: "/services/{id}", tags, summary: "Read a service", protect: true } })
    .input(z.object({ id: idParam }))
    .output(envelope(service))
    .query(async ({ ctx, input }) => ({ data: await services.getService(ctx.user.userId, input.id) })),

  replace: userProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/services/{id}",
        tags,
        summary: "Replace a service (the create body)",
        protect: true,
      },
    })
    .input(replaceServiceInput)
    .output(envelope(service))
    .mutation(async ({ ctx, input: { id, ...body } }) => ({
      data: await services.replaceService(ctx.user.userId, id, body),
    })),

  update: userProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/services/{id}",
        tags,
        summary: "Change some fields (config is merged)",
        protect: true,
      },
    })
    .input(patchServiceInput)
    .output(envelope(service))
    .mutation(async ({ ctx, input: { id, ...patch } }) => ({
      data: await services.patchService(ctx.user.userId, id, patch),
    })),

  delete: userProcedure
    .meta({
      openapi: { method: "DELETE", path: "/services/{id}", tags, summary: "Delete a service", protect: true },
      successStatus: 204,
    })
    .input(z.object({ id: idParam }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await services.deleteService(ctx.user.userId, input.id);
    }),

  probes: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/services/{id}/probes",
        tags,
        summary: "The probes that would check the service, and whether each can serve it",
        description:
          "Its private probes, or the platform probes when it names none; a probe can serve it when it runs the service's type " +
          "(the types it said at its latest lease), its owner may use it, and its outbound setting did not refuse the target.",
        protect: true,
      },
    })
    .input(z.object({ id: idParam }))
    .output(envelope(z.array(servingProbe)))
    .query(async ({ ctx, input }) => ({ data: await servingProbes(ctx.user.userId, input.id) })),

  status: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/services/{id}/status",
        tags,
        summary: "Current status of a service",
        protect: true,
      },
    })
    .input(z.object({ id: idParam }))
    .output(envelope(serviceStatus))
    .query(async ({ ctx, input }) => ({ data: await services.serviceStatus(ctx.user.userId, input.id) })),

  snooze: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/services/{id}/snooze",
        tags,
        protect: true,
        summary: "Snooze notifications until a time or for some minutes",
        description:
          "Exactly one of `until` (within the next 30 days) or `minutes` (1 to 43200). While snoozed, checks go on and " +
          "incidents open and are recorded, but nothing is notified; an incident still open when the snooze ends is notified then, once.",
      },
    })
    .input(snoozeInput)
    .output(envelope(service))
    .mutation(async ({ ctx, input: { id, ...body } }) => ({
      data: await snoozeService(ctx.user.userId, id, { id, ...body }),
    })),

  unsnooze: userProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/services/{id}/snooze",
        tags,
        summary: "End the snooze now (an open incident it held is notified now)",
        protect: true,
      },
    })
    .input(snoozeIdInput)
    .output(envelope(service))
    .mutation(async ({ ctx, input }) => ({ data: await unsnoozeService(ctx.user.userId, input.id) })),

  run: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/services/{id}/run",
        tags,
        summary: "Check the service now, off-schedule, and answer with the result (optional query probe)",
        protect: true,
      },
      throttled: true,
    })
    .input(
      z.object({
        id: idParam,
        probe: id()
          .optional()
          .describe("A probe that checks this service (default: the platform probe, or its first private probe)"),
      }),
    )
    .output(envelope(checkRunResult))
    .mutation(async ({ ctx, input }) => ({ data: await runServiceNow(ctx.user.userId, input.id, input.probe) })),

  test: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/services/test",
        tags,
        summary: "Test a configuration once (nothing is stored) and answer each assertion's outcome",
        description:
          "Runs the check of `type` and `config` (as in POST /services) once from a platform probe, with the same outbound " +
          "guard as its scheduled checks, or from a private probe you may use (`probe`), which checks it through the probe " +
          "protocol; answers the result with every assertion's outcome. A private probe that does not run the type is a 400 " +
          "on `probe`; one offline, or that does not answer within the check's timeout + 10 s, is a 409. No service, result " +
          "or notification is stored or sent. Limited like run-now: one test in flight per account, counted with the account's 60 runs per hour.",
        protect: true,
      },
      throttled: true,
    })
    .input(testServiceInput)
    .output(envelope(checkTestResult))
    .mutation(async ({ ctx, input }) => ({ data: await testServiceConfig(ctx.user.userId, input) })),
});
