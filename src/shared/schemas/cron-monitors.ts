import { z } from "zod";
import { maintenanceRef } from "./maintenance";
import { dependsOn, dependsOnInput } from "./dependencies";
import { id, idParam, paginationInput, timestamp, withinIdRange } from "./common";
import { nameSearch, storable, text } from "./text";
import { RUN_FLAGS } from "../incident-kinds";
import { MONITOR_STATES, RUN_STATUSES, DEFAULT_GRACE_SECONDS } from "../vocabulary";

export { MONITOR_STATES, RUN_STATUSES, DEFAULT_GRACE_SECONDS };

/**
 * Cron monitor DTOs (spec 2.2, 4.1), shared by the REST/tRPC procedures and the dashboard form.
 *
 * The four schedule fields are deliberately `unknown` here: the one schedule validator
 * (`parseSchedule` in src/shared/schedule) checks them, so that even a wrong type answers with the
 * schedule error body of spec 7.2 (`invalid_field_type`) rather than the standard validation body.
 * Their `.meta()` documents the real types in the OpenAPI document.
 */

export const SCHEDULE_KINDS = ["period", "cron"] as const;

/** Largest accepted number of seconds in a duration field (one year). */
export const MAX_DURATION_SECONDS = 31_536_000;
/** Largest accepted `period_seconds` (the column is a 32-bit integer). */
export const MAX_PERIOD_SECONDS = 2_147_483_647;
export const MIN_GRACE_SECONDS = 60;

// --- Schedule fields: validated by parseSchedule, typed here for the documentation only ---------

const scheduleKindField = z.unknown().meta({
  description: "`period` or `cron`; required on create",
  override: { type: "string", enum: [...SCHEDULE_KINDS] },
});
const periodSecondsField = z.unknown().meta({
  description: "Seconds between expected pings; required (and only allowed) when schedule_kind is `period`; minimum 60",
  override: { type: ["integer", "null"], minimum: 60 },
});
const cronExpressionField = z.unknown().meta({
  description:
    "5-field crontab expression or one macro (@hourly, @daily, @weekly, @monthly, @yearly, @annually, @midnight); " +
    "required (and only allowed) when schedule_kind is `cron`",
  override: { type: ["string", "null"], example: "30 2 * * *" },
});
const timezoneField = z.unknown().meta({
  description: "IANA time zone name (default `UTC`); used in cron mode",
  override: { type: ["string", "null"], example: "Europe/Berlin" },
});

// --- Other writable fields: standard validation (400 VALIDATION_ERROR, details per field) -------

const name = text().trim().min(1, "Name must have 1 to 128 characters").max(128, "Name must have 1 to 128 characters");
const icon = text().max(64, "Icon must have at most 64 characters").nullable();
const graceSeconds = z
  .number()
  .int()
  .min(MIN_GRACE_SECONDS, "grace_seconds must be at least 60")
  .max(MAX_DURATION_SECONDS);
const maxRuntimeSeconds = z.number().int().min(1).max(MAX_DURATION_SECONDS).nullable();
const driftPct = z.number().min(0).max(100).describe("Fraction of the rolling median baseline (0.5 = 50 %)");
const driftMinSeconds = z.number().int().min(0).max(MAX_DURATION_SECONDS);
const flag = z.boolean();
const projectId = id().nullable().describe("A project you may use, or null");
const integrationIds = z
  .array(id())
  .max(100)
  .describe("Integrations to notify; empty means the organization's default integrations");
const source = text().trim().min(1).max(64).nullable().describe("Managing source, e.g. `kubernetes` (create only)");
const externalId = text()
  .trim()
  .min(1)
  .max(255)
  .nullable()
  .describe("Stable id from the managing source (create only)");

// --- Run rules (docs/api-cron-monitors.md, "Run rules"): each optional, null or [] unsets it -----

/** Largest `runs_period_seconds` (31 days). */
export const MAX_RUNS_PERIOD_SECONDS = 2_678_400;
const count = (max: number, what: string) =>
  z.number().int().min(1, `${what} must be at least 1`).max(max, `${what} must be at most ${max}`).nullable();
const keywords = z
  .array(text().min(1, "A keyword must have 1 to 100 characters").max(100, "A keyword must have 1 to 100 characters"))
  .max(20, "At most 20 keywords");

export const runRuleFields = {
  failure_threshold: count(100, "failure_threshold").describe(
    "Open an incident after this many failed or missed runs in a row (null: 1, the first failure)",
  ),
  failure_rate_pct: z
    .number()
    .int()
    .min(1, "failure_rate_pct must be 1 to 100")
    .max(100, "failure_rate_pct must be 1 to 100")
    .nullable()
    .describe("Open an incident when at least this percentage of the last failure_rate_window runs failed"),
  failure_rate_window: z
    .number()
    .int()
    .min(2, "failure_rate_window must be 2 to 100")
    .max(100, "failure_rate_window must be 2 to 100")
    .nullable()
    .describe("The runs the failure rate is taken over (default 10)"),
  recovery_threshold: count(100, "recovery_threshold").describe(
    "Resolve the open incident after this many successful runs in a row (null: 1)",
  ),
  success_keywords: keywords.describe("A successful run whose log contains none of these fails"),
  failure_keywords: keywords.describe("A successful run whose log contains one of these fails"),
  keywords_case_sensitive: z.boolean().describe("Match keywords case-sensitively (default false)"),
  min_runtime_seconds: z
    .number()
    .int("min_runtime_seconds must be a whole number of seconds")
    .min(1, "min_runtime_seconds must be at least 1")
    .max(MAX_DURATION_SECONDS, `min_runtime_seconds must be at most ${MAX_DURATION_SECONDS}`)
    .nullable()
    .describe("A successful run shorter than this is flagged `too_short` and fails"),
  max_runs_per_period: count(10_000, "max_runs_per_period").describe(
    "More completed runs than this within one rolling runs_period_seconds: the run is flagged `too_many_runs` and fails",
  ),
  expected_runs_per_period: count(10_000, "expected_runs_per_period").describe(
    "Fewer completed runs than this by the end of a period: a `too_few_runs` incident",
  ),
  runs_period_seconds: z
    .number()
    .int()
    .min(60, "runs_period_seconds must be at least 60")
    .max(MAX_RUNS_PERIOD_SECONDS, `runs_period_seconds must be at most ${MAX_RUNS_PERIOD_SECONDS}`)
    .nullable()
    .describe("The period of max_runs_per_period and expected_runs_per_period (default 3600)"),
};

/** The writable fields that may change after creation (everything but `source` and `external_id`). */
const editableFields = {
  name,
  icon: icon.optional(),
  schedule_kind: scheduleKindField.optional(),
  period_seconds: periodSecondsField.optional(),
  cron_expression: cronExpressionField.optional(),
  timezone: timezoneField.optional(),
  grace_seconds: graceSeconds.optional(),
  max_runtime_seconds: maxRuntimeSeconds.optional(),
  drift_pct: driftPct.optional(),
  drift_min_seconds: driftMinSeconds.optional(),
  drift_alerts: flag.optional(),
  paused: flag.optional(),
  suspended: flag.optional(),
  project_id: projectId.optional(),
  integration_ids: integrationIds.optional(),
  depends_on: dependsOnInput.optional(),
  failure_threshold: runRuleFields.failure_threshold.optional(),
  failure_rate_pct: runRuleFields.failure_rate_pct.optional(),
  failure_rate_window: runRuleFields.failure_rate_window.optional(),
  recovery_threshold: runRuleFields.recovery_threshold.optional(),
  success_keywords: runRuleFields.success_keywords.optional(),
  failure_keywords: runRuleFields.failure_keywords.optional(),
  keywords_case_sensitive: runRuleFields.keywords_case_sensitive.optional(),
  min_runtime_seconds: runRuleFields.min_runtime_seconds.optional(),
  max_runs_per_period: runRuleFields.max_runs_per_period.optional(),
  expected_runs_per_period: runRuleFields.expected_runs_per_period.optional(),
  runs_period_seconds: runRuleFields.runs_period_seconds.optional(),
};

/** POST /cron-monitors. Read-only fields in the body are ignored (stripped), as are unknown ones. */
export const createCronMonitorInput = z.object({
  ...editableFields,
  source: source.optional(),
  external_id: externalId.optional(),
});
export type CreateCronMonitorInput = z.infer<typeof createCronMonitorInput>;

/** PATCH /cron-monitors/{id}: any subset of the create fields; `source`/`external_id` are ignored. */
export const updateCronMonitorFields = z.object({ ...editableFields, name: name.optional() });
export const updateCronMonitorInput = updateCronMonitorFields.extend({ id: idParam });
export type UpdateCronMonitorInput = z.infer<typeof updateCronMonitorFields>;

export const cronMonitorIdInput = z.object({ id: idParam });

export const listCronMonitorsInput = z.object({
  state: z.enum(MONITOR_STATES).describe("Displayed state (`paused` covers paused and suspended monitors)").optional(),
  project: text()
    .regex(/^(null|[1-9]\d{0,9})$/, "Use a project id or the literal null")
    .refine(withinIdRange, "Use a project id up to 2147483647 or the literal null")
    .describe("A project id, or the literal `null` for monitors without a project")
    .optional(),
  search: nameSearch(),
  ...paginationInput,
});
export type ListCronMonitorsInput = z.infer<typeof listCronMonitorsInput>;

export const schedulePreviewInput = z.object({
  cron: z.string().describe("Cron expression (exactly one of `cron` and `period`)").optional(),
  period: z.string().describe("Period in seconds, minimum 60 (exactly one of `cron` and `period`)").optional(),
  tz: z.string().describe("IANA time zone name; default UTC. The times are shown with this zone's offset").optional(),
  from: z.iso
    .datetime({ offset: true })
    .check(storable)
    .describe("ISO 8601 instant; default now. The times are the first ones strictly after it")
    .optional(),
});
export type SchedulePreviewInput = z.infer<typeof schedulePreviewInput>;

export const schedulePreview = z.object({
  text: z.string().describe("Human-readable schedule"),
  next: z.array(z.string()).describe("The next 5 fire times, ISO 8601 with the zone's offset"),
});
export type SchedulePreview = z.infer<typeof schedulePreview>;

// --- The monitor as read ------------------------------------------------------------------------

export const runSummary = z.object({
  status: z.enum(RUN_STATUSES),
  at: timestamp.describe("When the run started (for a missed run: the fire time it missed)"),
  duration_ms: z.number().int().nullable().describe("null while running and for missed runs"),
  overlapped: z.boolean(),
  drifted: z.boolean(),
  flag: z.enum(RUN_FLAGS).nullable().describe("What a run rule found wrong with the run (null: nothing)"),
});
export type RunSummary = z.infer<typeof runSummary>;

export const cronMonitor = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  schedule_kind: z.enum(SCHEDULE_KINDS),
  period_seconds: z.number().int().nullable(),
  cron_expression: z.string().nullable(),
  timezone: z.string(),
  grace_seconds: z.number().int(),
  max_runtime_seconds: z.number().int().nullable(),
  drift_pct: z.number(),
  drift_min_seconds: z.number().int(),
  drift_alerts: z.boolean(),
  paused: z.boolean(),
  suspended: z.boolean(),
  state: z.enum(MONITOR_STATES).describe("`paused` while paused or suspended"),
  display_state: z.enum(MONITOR_STATES).describe("Alias of state"),
  state_since: timestamp.nullable(),
  last_ping_at: timestamp.nullable(),
  last_run_status: z.enum(RUN_STATUSES).nullable(),
  next_expected_at: timestamp.nullable(),
  ping_token: z.string().describe("43-character ping credential"),
  ping_url: z.string(),
  schedule_human: z.string(),
  project_id: z.number().int().nullable(),
  integration_ids: z.array(z.number().int()),
  source: z.string().nullable(),
  external_id: z.string().nullable(),
  managed: z.boolean(),
  snoozed_until: timestamp
    .nullable()
    .describe("While snoozed, incidents open but notify nobody until this instant (null: not snoozed)"),
  maintenance: maintenanceRef,
  depends_on: dependsOn,
  ...runRuleFields,
  success_keywords: z.array(z.string()),
  failure_keywords: z.array(z.string()),
  failures_counted: z
    .number()
    .int()
    .nullable()
    .describe(
      "With failure_threshold: the failed or missed runs in a row; with only a failure rate: the failures in its window (null: neither set)",
    ),
  recent_runs: z.array(runSummary).describe("The last 20 runs, newest first"),
  avg_duration_ms: z.number().nullable().describe("Average duration of successful runs in the last 7 days"),
  overlap_count: z.number().int().describe("Overlapping runs in the last 7 days"),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CronMonitor = z.infer<typeof cronMonitor>;

export const cronMonitorPage = z.object({
  data: z.array(cronMonitor),
  meta: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
});
