import { z } from "zod";
import { id, idParam, timestamp } from "./common";
import { storable, text } from "./text";
import { MAX_MAINTENANCE_DURATION_MINUTES, MIN_MAINTENANCE_RUN_MINUTES } from "../vocabulary";

export { MAX_MAINTENANCE_DURATION_MINUTES, MIN_MAINTENANCE_RUN_MINUTES };

/** Maintenance windows (docs/api-maintenance.md). */
export const MAX_MAINTENANCE_TARGETS = 100;

const instant = z.iso.datetime({ offset: true }).check(storable);
const ids = z.array(id()).max(MAX_MAINTENANCE_TARGETS);

export const maintenanceTargetsInput = z
  .object({
    cron_monitor_ids: ids.optional().describe("Cron monitors of the organization"),
    service_ids: ids.optional().describe("Services (your own; a service token: those of the organization's members)"),
    project_ids: ids.optional().describe("Projects: every cron monitor and service in them, present and future"),
  })
  .strict();

const fields = {
  title: text().trim().min(1).max(128),
  description: text().max(2000),
  starts_at: instant.describe("One-off window: its start (ISO 8601 instant)"),
  ends_at: instant.describe("One-off window: its end, after starts_at (excluded)"),
  schedule: text()
    .max(256)
    .describe("Recurring window: a cron expression (the cron monitors' grammar); each run starts at a fire time"),
  timezone: text().max(64).describe("Recurring window: the IANA time zone of the schedule (default UTC)"),
  duration_minutes: z
    .number()
    .int()
    .min(MIN_MAINTENANCE_RUN_MINUTES)
    .max(MAX_MAINTENANCE_DURATION_MINUTES)
    .describe("Recurring window: how long each run lasts, in real minutes"),
};

export const createMaintenanceInput = z
  .object({
    title: fields.title,
    description: fields.description.optional(),
    starts_at: fields.starts_at.optional(),
    ends_at: fields.ends_at.optional(),
    schedule: fields.schedule.optional(),
    timezone: fields.timezone.optional(),
    duration_minutes: fields.duration_minutes.optional(),
    targets: maintenanceTargetsInput,
  })
  .strict();
export type CreateMaintenanceInput = z.infer<typeof createMaintenanceInput>;

/** PATCH: the fields given replace the stored ones; null clears a timing field (to switch between one-off and recurring). */
export const patchMaintenanceInput = z
  .object({
    id: idParam,
    title: fields.title.optional(),
    description: fields.description.optional(),
    starts_at: fields.starts_at.nullable().optional(),
    ends_at: fields.ends_at.nullable().optional(),
    schedule: fields.schedule.nullable().optional(),
    timezone: fields.timezone.nullable().optional(),
    duration_minutes: fields.duration_minutes.nullable().optional(),
    targets: maintenanceTargetsInput.optional().describe("The whole new list of targets"),
  })
  .strict();
export type PatchMaintenanceInput = z.infer<typeof patchMaintenanceInput>;

export const listMaintenanceInput = z
  .object({
    active: z
      .enum(["true", "false"])
      .optional()
      .describe("true: only windows running now; false: only those not running"),
    upcoming: z
      .enum(["true", "false"])
      .optional()
      .describe("true: only windows with a run still to start (not running now); false: the others"),
  })
  .strict();
export type ListMaintenanceInput = z.infer<typeof listMaintenanceInput>;

export const maintenanceWindow = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  starts_at: timestamp.nullable(),
  ends_at: timestamp.nullable(),
  schedule: z.string().nullable(),
  timezone: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  targets: z.object({
    cron_monitor_ids: z.array(z.number().int()),
    service_ids: z.array(z.number().int()),
    project_ids: z.array(z.number().int()),
  }),
  active: z.boolean().describe("A run of the window is going on now"),
  next_starts_at: timestamp
    .nullable()
    .describe("The start of the run going on now, else of the next one (null: none left)"),
  next_ends_at: timestamp.nullable().describe("The end of that run"),
  created_at: timestamp,
  updated_at: timestamp,
});
export type MaintenanceWindowView = z.infer<typeof maintenanceWindow>;

/** What a cron monitor or service shows while a maintenance window runs over it (null otherwise). */
export const maintenanceRef = z
  .object({
    window_id: z.number().int(),
    ends_at: timestamp.describe("When the window's run ends: notifications resume then"),
  })
  .nullable()
  .describe("The maintenance window running over the object now (the one ending last), or null");
export type MaintenanceRef = z.infer<typeof maintenanceRef>;
