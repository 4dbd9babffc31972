import { z } from "zod";
import { id, MAX_ID } from "./common";
import { storable, text } from "./text";
import { SERVICE_TYPE_NAMES } from "../service-types";

/**
 * The probe-facing protocol (decisions 8): a probe leases its due checks and posts their results in
 * batches, authenticated by `X-Auth`. Instants here carry milliseconds (start lag is measured in them).
 */
const instant = z.iso.datetime({ offset: true }).check(storable).describe("ISO 8601 instant with milliseconds");

export const MAX_LEASE_BATCH = 500;
export const MAX_RESULT_BATCH = 500;

export const leaseInput = z.object({
  max: z.number().int().min(1).max(MAX_LEASE_BATCH).default(100).describe("How many checks the probe can take now"),
  lookahead_seconds: z
    .number()
    .min(0)
    .max(10)
    .default(2)
    .describe("Also lease checks due within this many seconds (the probe starts each at its due instant)"),
  types: z
    .array(z.enum(SERVICE_TYPE_NAMES))
    .max(SERVICE_TYPE_NAMES.length * 2)
    .optional()
    .describe(
      "The check types this probe can run (a probe without Chromium leaves out browser, one that may not send ICMP ping); checks of other types are left to other probes. Default: every type",
    ),
});

export const leasedCheck = z.object({
  service_id: z.number().int(),
  lane: z.number().int().describe("0: the platform probes' pool; else the private probe's id"),
  slot: z.number().int().describe("Names this check; the result must echo it"),
  due_at: instant,
  lease_expires_at: instant.describe("Unreported by then, the check goes to another probe and this result is refused"),
  check: z
    .record(z.string(), z.unknown())
    .describe("The service's type and its full config ({type, ...config}; docs/api-checks.md), credentials included"),
});

export const postedResult = z.object({
  service_id: id(),
  lane: z.number().int().min(0).max(MAX_ID),
  slot: z.number().int().min(0).max(MAX_ID),
  outcome: z.enum(["up", "down"]),
  reason: text().max(500).nullable(),
  status_code: z.number().int().min(100).max(999).nullable(),
  response_time_ms: z.number().min(0).max(3_600_000),
  started_at: instant,
  timing: z
    .object({
      dns_ms: z.number().nullable(),
      connect_ms: z.number().nullable(),
      tls_ms: z.number().nullable(),
      first_byte_ms: z.number().nullable(),
    })
    .partial()
    .default({}),
  certificate_days_left: z.number().int().nullable().default(null),
  steps: z
    .array(z.object({ step: text().max(400), ms: z.number().min(0).max(3_600_000) }))
    .max(100)
    .optional()
    .describe("A browser check's timings: the page load (`load`), then each step run"),
  screenshot: z
    .object({
      jpeg: text()
        .max(280_000)
        .regex(/^[A-Za-z0-9+/=]*$/, "base64"),
      step: text().max(400),
    })
    .optional()
    .describe("A failed browser check's screenshot: base64 JPEG of at most 200 KB, and the step it failed at"),
});

export const resultsInput = z.object({ results: z.array(postedResult).min(1).max(MAX_RESULT_BATCH) });

export const resultsOutput = z.object({
  accepted: z.number().int(),
  refused: z.array(
    z.object({ service_id: z.number().int(), lane: z.number().int(), slot: z.number().int(), reason: z.string() }),
  ),
});

/**
 * "Test this check" on a private probe (docs/api-checks.md): a configuration to check once, handed
 * out with the probe's leases; no service is stored. The probe runs it at once and posts
 * `testReport` to `POST /probe/tests/{id}/result`.
 */
export const leasedTest = z.object({
  id: z.number().int().describe("Names the test; the report goes to /probe/tests/{id}/result"),
  expires_at: instant.describe("Unreported by then, the test is given up and its report refused"),
  check: z
    .record(z.string(), z.unknown())
    .describe("The type and full config to test ({type, ...config}; docs/api-checks.md), credentials included"),
});

const assertionReport = z.object({
  source: text().max(40),
  property: text().max(512).nullable(),
  comparison: text().max(40),
  target: z.union([z.number(), text().max(1024)]).nullable(),
  passed: z.boolean(),
  actual: text().max(2000),
  description: text().max(4000),
});

export const testReportInput = z.object({
  id: id(),
  outcome: z.enum(["up", "down"]),
  reason: text().max(500).nullable(),
  status_code: z.number().int().min(100).max(999).nullable(),
  response_time_ms: z.number().min(0).max(3_600_000),
  started_at: instant,
  timing: z.object({
    dns_ms: z.number().nullable(),
    connect_ms: z.number().nullable(),
    tls_ms: z.number().nullable(),
    first_byte_ms: z.number().nullable(),
  }),
  certificate_days_left: z.number().int().nullable(),
  assertions: z.array(assertionReport).max(40).describe("Every assertion's outcome, in order"),
});
export type TestReport = Omit<z.infer<typeof testReportInput>, "id">;
