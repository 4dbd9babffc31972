import { z } from "zod";
import { id, timestamp } from "./common";
import { storable, text } from "./text";
import { INCIDENT_KINDS, RUN_FLAGS } from "../incident-kinds";

export const runStatus = z.enum(["running", "success", "fail", "missed"]);
export const runSource = z.enum(["shell", "kubernetes", "api"]);

export const timelineEvent = z.object({
  at: timestamp,
  kind: z.literal("log"),
  message: z.string(),
  rid: z.string().optional(),
});
/** A `/log` note on a run's timeline (or on the monitor before it has any run). */
export type TimelineEvent = z.infer<typeof timelineEvent>;

/** A cron run (spec 2.3). Never carries the log body: that is `GET .../runs/{rid}/log`. */
export const cronRun = z.object({
  monitor_id: z.number().int(),
  rid: z.string(),
  status: runStatus,
  started_at: timestamp,
  finished_at: timestamp.nullable(),
  exit_code: z.number().int().min(0).max(255).nullable(),
  duration_ms: z.number().int().nullable(),
  log_bytes: z.number().int(),
  truncated: z.boolean(),
  overlapped: z.boolean(),
  drifted: z.boolean(),
  baseline_ms: z.number().int().nullable(),
  flag: z
    .enum(RUN_FLAGS)
    .nullable()
    .describe("What a run rule found wrong with the run: it failed for it (null: nothing; docs/api-cron-monitors.md)"),
  flag_detail: z.string().nullable().describe("The flag's detail: the failure keyword found"),
  source: runSource,
  meta: z.record(z.string(), z.unknown()).nullable(),
  events: z.array(timelineEvent),
  "@timestamp": timestamp,
});

export const runListInput = z.object({
  id: id(),
  status: runStatus.optional(),
  flag: z.enum(RUN_FLAGS).optional().describe("Only runs a run rule flagged so"),
  from: z.iso
    .datetime({ offset: true })
    .check(storable)
    .optional()
    .describe("ISO 8601 instant: runs started at or after"),
  to: z.iso.datetime({ offset: true }).check(storable).optional().describe("ISO 8601 instant: runs started before"),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(200).default(50),
});

export const reportedEventInput = z.object({
  id: id(),
  event: z.enum(["start", "success", "fail"]),
  rid: text().uuid("rid must be a UUID").optional(),
  exit_code: z.number().int().min(0).max(255).optional(),
  log: z
    .string()
    .optional()
    .describe("Captured output; cut at 102400 bytes; NUL and unpaired surrogates are stored as U+FFFD"),
  source: runSource.default("kubernetes"),
  meta: z
    .object({
      job_name: text().max(256).optional(),
      namespace: text().max(256).optional(),
      reason: text().max(1024).optional(),
    })
    .optional(),
});

export const reportedEventOutput = z.object({
  monitor_id: z.number().int(),
  rid: z.string().nullable(),
  status: runStatus.nullable(),
  state: z.enum(["new", "up", "late", "down", "paused"]),
});

export const incident = z.object({
  id: z.number().int(),
  service: z.number().int().nullable(),
  cron_monitor: z.number().int().nullable(),
  kind: z.enum(INCIDENT_KINDS),
  status: z.enum(["open", "resolved"]),
  reason: z.string(),
  opened_at: timestamp,
  resolved_at: timestamp.nullable(),
  acknowledged_at: timestamp
    .nullable()
    .describe("When someone acknowledged the incident (POST /incidents/{id}/acknowledge)"),
  acknowledged_by: z
    .string()
    .nullable()
    .describe("Who acknowledged it: the user's email, or `token:<name>` for a service token"),
  parent_incident_id: z
    .number()
    .int()
    .nullable()
    .describe(
      "The open incident of a parent (`depends_on`) this one opened under; it was not notified while that parent was down (null: none)",
    ),
});

/** One incident of an incident tree, with what it is about. */
export const incidentNode = incident.extend({
  subject: z
    .object({ type: z.enum(["cron_monitor", "service"]), id: z.number().int(), name: z.string() })
    .describe("The cron monitor or service the incident is about"),
});

/** GET /incidents/{id}/tree: the incident, the parent incident it opened under, and every incident opened under it. */
export const incidentTree = z.object({
  incident: incidentNode,
  parent: incidentNode.nullable().describe("The parent incident (null: none, or not visible to the caller)"),
  descendants: z
    .array(incidentNode)
    .describe("The incidents opened under it, at every level (each names its parent_incident_id), oldest first"),
});
