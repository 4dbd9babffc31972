import { z } from "zod";
import { maintenanceRef } from "./maintenance";
import { dependsOn, dependsOnInput } from "./dependencies";
import { SERVICE_TYPE_NAMES } from "../service-types";
import { id, idParam, paginationInput, timestamp, withinIdRange } from "./common";
import { projectSummary } from "./projects";
import { nameSearch, text } from "./text";
import { SERVICE_STATUSES } from "../vocabulary";
import { stepTimings } from "./service-metrics";

/** Services (spec 2.5, 4.4; decisions 8): actively probed monitors owned by a user. */
export { SERVICE_STATUSES };
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Upper bound of a check interval (one day); the lower bound is the plan minimum. */
export const MAX_INTERVAL_SECONDS = 86_400;
/** Interval given to a service created without one (raised to the plan minimum if that is higher). */
export const DEFAULT_INTERVAL_SECONDS = 300;

const serviceType = z.enum(SERVICE_TYPE_NAMES);
const config = z
  .record(text(), z.unknown())
  .describe("Configuration of the type; its JSON Schema is at GET /service-types/{type}/schema");

export const serviceFields = {
  name: text().trim().min(1, "Enter a name that is not empty or only spaces").max(128, "Use at most 128 characters"),
  type: serviceType,
  project_id: id().nullable().describe("A project of yours, or null"),
  config,
  interval: z
    .number()
    .int()
    .positive()
    .max(MAX_INTERVAL_SECONDS, `Use at most ${MAX_INTERVAL_SECONDS} seconds`)
    .describe("Seconds between checks; at least the plan minimum (Free: 300)"),
  enabled: z.boolean().describe("false pauses the service (status `paused`)"),
  probe_ids: z
    .array(id())
    .max(10, "Name at most 10 probes")
    .describe(
      "Private probes of your organizations that check the service (each checks every slot); empty: the platform probes",
    ),
  degraded_ms: z
    .number()
    .int()
    .positive()
    .max(600_000)
    .nullable()
    .describe("Responses slower than this many milliseconds make the service `degraded`; null: never"),
  failure_threshold: z
    .number()
    .int()
    .min(1, "failure_threshold must be 1 to 10")
    .max(10, "failure_threshold must be 1 to 10")
    .describe("Failed checks in a row, added up across its probes, that take the service down (default 2)"),
  recovery_threshold: z
    .number()
    .int()
    .min(1, "recovery_threshold must be 1 to 10")
    .max(10, "recovery_threshold must be 1 to 10")
    .describe("Successful checks in a row on a probe that bring a down service back (default 1)"),
};

/** Create, and PUT (full replace: omitted optional fields take their create defaults). */
export const createServiceInput = z.object({
  name: serviceFields.name,
  type: serviceFields.type,
  config: serviceFields.config,
  project_id: serviceFields.project_id.optional(),
  interval: serviceFields.interval.optional(),
  enabled: serviceFields.enabled.optional(),
  probe_ids: serviceFields.probe_ids.optional(),
  degraded_ms: serviceFields.degraded_ms.optional(),
  failure_threshold: serviceFields.failure_threshold.optional(),
  recovery_threshold: serviceFields.recovery_threshold.optional(),
  depends_on: dependsOnInput.optional(),
});
export type CreateServiceInput = z.infer<typeof createServiceInput>;

export const replaceServiceInput = createServiceInput.extend({ id: idParam });

/** PATCH: any subset; a `config` given without a type change is merged over the current one. */
export const patchServiceInput = z.object({
  id: idParam,
  name: serviceFields.name.optional(),
  type: serviceFields.type.optional(),
  config: serviceFields.config.optional(),
  project_id: serviceFields.project_id.optional(),
  interval: serviceFields.interval.optional(),
  enabled: serviceFields.enabled.optional(),
  probe_ids: serviceFields.probe_ids.optional(),
  degraded_ms: serviceFields.degraded_ms.optional(),
  failure_threshold: serviceFields.failure_threshold.optional(),
  recovery_threshold: serviceFields.recovery_threshold.optional(),
  depends_on: dependsOnInput.optional(),
});
export type ServicePatch = Omit<z.infer<typeof patchServiceInput>, "id">;

export const listServicesInput = z.object({
  ...paginationInput,
  project: text()
    .regex(/^(null|\d+)$/, "A project id, or null for services in no project")
    .refine(withinIdRange, "A project id up to 2147483647, or null for services in no project")
    .optional()
    .describe("Project id, or the literal null for unassigned services"),
  status: z.enum(SERVICE_STATUSES).optional(),
  type: serviceType.optional(),
  search: nameSearch(),
});

export const service = z.object({
  id: z.number().int(),
  name: z.string(),
  type: serviceType,
  project_id: z.number().int().nullable(),
  project: projectSummary.nullable().describe("Summary of the project, null when unassigned"),
  enabled: z.boolean(),
  interval: z.number().int(),
  config: z.record(z.string(), z.unknown()),
  status: z.enum(SERVICE_STATUSES),
  status_since: timestamp.nullable().describe("When the status last changed (null: never checked)"),
  status_reason: z
    .string()
    .nullable()
    .describe(
      "Why the service is degraded or down (the failing check's words: timeout, refused, unexpected status...) or pending (why it waits: a probe taken away, a first failure being re-checked); null while operational or paused",
    ),
  probe_ids: z.array(z.number().int()).describe("The private probes that check it; empty: the platform probes"),
  degraded_ms: z.number().int().nullable(),
  failure_threshold: z.number().int(),
  recovery_threshold: z.number().int(),
  snoozed_until: timestamp
    .nullable()
    .describe("While snoozed, incidents open but notify nobody until this instant (null: not snoozed)"),
  maintenance: maintenanceRef,
  depends_on: dependsOn,
  created_at: timestamp,
  date_created: timestamp.describe("Same instant as created_at (both naming forms appear in the spec)"),
  date_modified: timestamp,
});

export const serviceStatus = z.object({
  id: z.number().int(),
  status: z.enum(SERVICE_STATUSES),
  enabled: z.boolean(),
  status_since: timestamp.nullable(),
  status_reason: z.string().nullable(),
  last_check_at: timestamp.nullable().describe("When the latest check result arrived"),
  probes: z
    .array(
      z.object({
        probe_id: z.number().int().nullable().describe("null: the platform probes"),
        outcome: z.enum(["up", "down"]).nullable(),
        reason: z.string().nullable().describe("Why the lane's latest check failed; null while up"),
        outbound_refused: z
          .boolean()
          .describe(
            "The latest failure is the probe's own outbound setting refusing the target (OUTBOUND_ALLOW_PRIVATE), not the target failing",
          ),
        response_time_ms: z.number().nullable(),
        consecutive_failures: z.number().int(),
        checked_at: timestamp.nullable(),
        next_check_at: timestamp.nullable(),
      }),
    )
    .describe("Each probe lane's latest result and next check"),
});

/** `GET /services/{id}/probes`: the probes that would check the service and whether each can. */
export const servingProbe = z.object({
  id: z.number().int(),
  kind: z.enum(["platform", "private"]),
  name: z.string(),
  location: z.string(),
  check_types: z
    .array(z.string())
    .nullable()
    .describe("The check types the probe said it runs at its latest lease; null: it has not said (it runs every type)"),
  last_seen_at: timestamp.nullable(),
  can_serve: z.boolean(),
  reason: z.string().nullable().describe("Why it cannot serve the service; null when it can"),
});

/** `POST /services/test`: a configuration checked once, stored nowhere. */
export const testServiceInput = z.object({
  type: serviceFields.type,
  config: serviceFields.config,
  probe: id()
    .optional()
    .describe(
      "The probe that runs the test: a platform probe, or a private probe you may use (probe.use in its organization) that runs the type and is online (default: the first platform probe)",
    ),
  service_id: id()
    .optional()
    .describe("A service of yours being edited: masked secrets in `config` stand for its stored ones"),
});
export type TestServiceInput = z.infer<typeof testServiceInput>;

export const assertionOutcome = z.object({
  source: z.string(),
  property: z.string().nullable(),
  comparison: z.string(),
  target: z.union([z.number(), z.string()]).nullable(),
  passed: z.boolean(),
  actual: z.string().describe('What the check saw, as shown in reasons (`"DOWN"`, `missing`, `not JSON`)'),
  description: z.string().describe('The assertion in words with what was seen: `$.status was "DOWN", wanted "UP"`'),
});

/** One check's result as `POST /services/test` and `POST /services/{id}/run` answer it. */
const checkResultFields = {
  probe_id: z.number().int(),
  outcome: z.enum(["up", "down"]),
  reason: z.string().nullable(),
  status_code: z.number().int().nullable(),
  response_time_ms: z.number(),
  started_at: timestamp,
  timing: z.object({
    dns_ms: z.number().nullable(),
    connect_ms: z.number().nullable(),
    tls_ms: z.number().nullable(),
    first_byte_ms: z.number().nullable(),
  }),
  certificate_days_left: z.number().int().nullable(),
};

/** The answer of `POST /services/test`: the check's result and every assertion's outcome; nothing is stored. */
export const checkTestResult = z.object({
  ...checkResultFields,
  assertions: z
    .array(assertionOutcome)
    .describe("Each assertion of the config, in order; empty when the check failed before it saw an answer"),
});

/** The answer of `POST /services/{id}/run`: the check's result. */
export const checkRunResult = z.object({
  service_id: z.number().int(),
  ...checkResultFields,
  steps: stepTimings,
  status: z.enum(SERVICE_STATUSES).describe("The service's status after this result"),
});

export const serviceTypeSummary = z.object({ type: serviceType, name: z.string(), description: z.string() });
export const serviceTypeDetail = serviceTypeSummary.extend({
  required_fields: z.array(z.string()).describe("Config fields without a default"),
  defaults: z.record(z.string(), z.unknown()).describe("Defaults of the optional config fields"),
});
