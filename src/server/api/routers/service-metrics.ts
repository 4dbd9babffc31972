import { z } from "zod";
import { envelope, idParam } from "../../../shared/schemas/common";
import {
  errorsInput,
  errorsOutput,
  metricsInput,
  pulseInput,
  pulseItem,
  responseTimes,
  sparkline,
  uptime,
} from "../../../shared/schemas/service-metrics";
import * as metrics from "../../services/uptime/service-metrics";
import { router, userProcedure } from "../trpc";

const tags = ["Services"];

/**
 * Service metrics and errors (spec 4.4): uptime, response times, sparkline, recent failures, and the
 * dashboard's pulse of many services at once (no REST route). Another user's service reads as 404.
 */
export const serviceMetricsRouter = router({
  uptime: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/services/{id}/metrics/uptime",
        tags,
        summary: "Uptime of a service over a period",
        protect: true,
      },
    })
    .input(metricsInput)
    .output(envelope(uptime))
    .query(async ({ ctx, input }) => ({ data: await metrics.uptime(ctx.user.userId, input.id, input.period) })),

  responseTimes: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/services/{id}/metrics/response-times",
        tags,
        summary: "Response-time percentiles of a service, in buckets",
        protect: true,
      },
    })
    .input(metricsInput)
    .output(envelope(responseTimes))
    .query(async ({ ctx, input }) => ({ data: await metrics.responseTimes(ctx.user.userId, input.id, input.period) })),

  sparkline: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/services/{id}/metrics/sparkline",
        tags,
        summary: "Hourly uptime and response time of the last 24 hours",
        protect: true,
      },
    })
    .input(z.object({ id: idParam }))
    .output(envelope(sparkline))
    .query(async ({ ctx, input }) => ({ data: { points: await metrics.sparkline(ctx.user.userId, input.id) } })),

  errors: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/services/{id}/errors",
        tags,
        summary: "Recent failed checks of a service, newest first",
        protect: true,
      },
    })
    .input(errorsInput)
    .output(errorsOutput)
    .query(({ ctx, input }) => metrics.errors(ctx.user.userId, input.id, input.page, input.limit)),

  /** Dashboard only: figures of many services in two statements. */
  pulse: userProcedure
    .input(pulseInput)
    .output(envelope(z.array(pulseItem)))
    .query(async ({ ctx, input }) => ({ data: await metrics.pulse(ctx.user.userId, input.ids) })),
});
