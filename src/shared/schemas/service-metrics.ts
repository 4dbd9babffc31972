import { z } from "zod";
import { idParam, pageMeta, paginationInput, timestamp } from "./common";

/** Service metrics and errors (spec 4.4; docs/api-probes.md, "Metrics and errors"). */
export const METRIC_PERIODS = ["24h", "7d", "30d", "90d"] as const;
export type MetricPeriod = (typeof METRIC_PERIODS)[number];

/** Most services one dashboard pulse call may ask about. */
export const MAX_PULSE_IDS = 100;

export const periodInput = z
  .enum(METRIC_PERIODS, { error: `Use one of ${METRIC_PERIODS.join(", ")}` })
  .default("24h")
  .describe("The window ending now: 24h (default), 7d, 30d or 90d");

export const metricsInput = z.object({ id: idParam, period: periodInput });

export const uptime = z.object({
  uptime_percentage: z
    .number()
    .describe(
      "Successful checks in percent of the checks counted (maintenance left out), rounded down to 3 decimals; 100 when none were counted",
    ),
  total_checks: z
    .number()
    .int()
    .describe(
      "Checks counted: every check of the period but those made while a maintenance window ran over the service",
    ),
  successful_checks: z.number().int(),
  failed_checks: z.number().int(),
  maintenance_checks: z
    .number()
    .int()
    .describe("Checks left out because a maintenance window ran over the service (docs/api-maintenance.md)"),
  period: z.string().describe("The period asked for: 24h, 7d, 30d or 90d"),
});

const ms = z.number().nullable();

export const responseBucket = z.object({
  start: timestamp.describe("Start of the bucket"),
  count: z.number().int().describe("Successful checks in the bucket (response figures cover successful checks only)"),
  p50_ms: ms.describe("Median response time; null without successful checks"),
  p95_ms: ms.describe("95th percentile response time (nearest rank)"),
  max_ms: ms.describe("Slowest successful check"),
});

export const responseTimes = z.object({
  period: z.string(),
  bucket_seconds: z.number().int().describe("24h: 3600, 7d: 21600, 30d: 86400, 90d: 259200"),
  buckets: z.array(responseBucket).describe("Fixed count (24, 28, 30, 30), oldest first; the last holds now"),
});

export const sparklinePoint = z.object({
  start: timestamp.describe("Start of the clock hour"),
  uptime_percentage: z.number().nullable().describe("Null when the hour had no checks"),
  response_ms: z.number().nullable().describe("Mean response time of the hour's successful checks; null without any"),
});

export const sparkline = z.object({
  points: z.array(sparklinePoint).describe("24 points, one per clock hour (UTC), the current hour last"),
});

export const stepTimings = z
  .array(z.object({ step: z.string(), ms: z.number() }))
  .nullable()
  .describe(
    "A browser check's timings: the page load (`load`), then each step run, a failing step last; null for other types",
  );

export const errorsInput = z.object({ id: idParam, ...paginationInput });

export const checkError = z.object({
  id: z.number().int(),
  started_at: timestamp,
  reason: z.string().nullable(),
  status_code: z.number().int().nullable(),
  response_time_ms: z.number(),
  probe_id: z.number().int(),
  steps: stepTimings,
  screenshot: z
    .boolean()
    .describe("A screenshot of this failed browser run is kept: GET /services/{id}/screenshots/{result id}"),
});

export const errorsOutput = z.object({ data: z.array(checkError), meta: pageMeta });

export const pulseInput = z.object({
  ids: z.array(idParam).max(MAX_PULSE_IDS, `Ask for at most ${MAX_PULSE_IDS} services`),
});

export const pulseItem = z.object({
  id: z.number().int(),
  uptime_24h: z.number().nullable().describe("Uptime of the last 24 hours; null without checks"),
  sparkline: z.array(sparklinePoint),
});

export type Uptime = z.infer<typeof uptime>;
export type ResponseTimes = z.infer<typeof responseTimes>;
export type SparklinePoint = z.infer<typeof sparklinePoint>;
export type CheckError = z.infer<typeof checkError>;
export type PulseItem = z.infer<typeof pulseItem>;
