// Validation of raw (JSON) schedule input into a normalized Schedule.

import { compileCron } from "./cron";
import { ScheduleError } from "./errors";
import { parsePeriodSeconds } from "./period";
import { MONITOR_FIELDS, type Schedule, type ScheduleFieldNames } from "./types";
import { assertTimeZone, normalizeTimeZone } from "./zone";

export type RawScheduleInput = { kind: unknown; cron?: unknown; tz?: unknown; period?: unknown };

const isAbsent = (value: unknown) => value === undefined || value === null;

export function parseSchedule(input: RawScheduleInput, fields: ScheduleFieldNames = MONITOR_FIELDS): Schedule {
  const { kind, cron, tz, period } = input;
  if (kind !== "cron" && kind !== "period") {
    throw new ScheduleError("invalid_field_type", `${fields.kind} must be "cron" or "period"`, fields.kind);
  }
  if (!isAbsent(tz) && typeof tz !== "string") {
    throw new ScheduleError("invalid_field_type", `${fields.tz} must be a string`, fields.tz);
  }

  if (kind === "period") {
    if (isAbsent(period)) {
      throw new ScheduleError("schedule_conflict", `${fields.period} is required for a period schedule`, fields.period);
    }
    if (!isAbsent(cron)) {
      throw new ScheduleError("schedule_conflict", `a period schedule cannot also have ${fields.cron}`, null);
    }
    // tz is ignored for periods (only its type was checked above).
    return { kind: "period", periodSeconds: parsePeriodSeconds(period, fields.period) };
  }

  if (isAbsent(cron)) {
    throw new ScheduleError("schedule_conflict", `${fields.cron} is required for a cron schedule`, fields.cron);
  }
  if (!isAbsent(period)) {
    throw new ScheduleError("schedule_conflict", `a cron schedule cannot also have ${fields.period}`, null);
  }
  if (typeof cron !== "string") {
    throw new ScheduleError("invalid_field_type", `${fields.cron} must be a string`, fields.cron);
  }
  const timezone = typeof tz === "string" ? tz : "UTC";
  assertTimeZone(timezone, fields.tz);
  const spec = compileCron(cron, fields.cron);
  return { kind: "cron", expression: spec.expression, timezone: normalizeTimeZone(timezone) };
}
