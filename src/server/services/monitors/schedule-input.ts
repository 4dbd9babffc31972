import type { CronMonitor as MonitorRow } from "../../../generated/prisma/client";
import {
  isValidTimeZone,
  MONITOR_FIELDS,
  parseSchedule,
  ScheduleError,
  scheduleErrorMessage,
  type Schedule,
  type ScheduleFieldNames,
} from "../../../shared/schedule/index";
import { MAX_PERIOD_SECONDS } from "../../../shared/schemas/cron-monitors";
import { nextExpectedAt, scheduleOf } from "../../domain/monitor-state";

/**
 * From the raw schedule fields of a create or PATCH body to the stored columns. Every check is the
 * schedule engine's (`parseSchedule`); this file only decides which values it sees.
 */
export type ScheduleColumns = {
  scheduleKind: "cron" | "period";
  periodSeconds: number | null;
  cronExpression: string | null;
  timezone: string;
};

export type RawSchedule = {
  schedule_kind?: unknown;
  period_seconds?: unknown;
  cron_expression?: unknown;
  timezone?: unknown;
};

const SCHEDULE_KEYS = ["schedule_kind", "period_seconds", "cron_expression", "timezone"] as const;

/** Whether a body carries any schedule field (null counts: it clears the field). */
export function touchesSchedule(input: RawSchedule): boolean {
  return SCHEDULE_KEYS.some((key) => input[key] !== undefined);
}

/** Create (and upsert): the four fields exactly as sent. */
export function scheduleForCreate(input: RawSchedule): ScheduleColumns {
  return validate({
    kind: input.schedule_kind,
    cron: input.cron_expression,
    period: input.period_seconds,
    tz: input.timezone,
  });
}

/**
 * PATCH: sent fields over the stored ones. When the body changes `schedule_kind`, the stored field of
 * the other kind is dropped (the body must bring the field its new kind needs); a schedule field that
 * does not match the kind is a `schedule_conflict`, as on create.
 */
export function scheduleForUpdate(current: ScheduleColumns, input: RawSchedule): ScheduleColumns {
  const kindSent = input.schedule_kind !== undefined;
  const keepStored = !kindSent || input.schedule_kind === current.scheduleKind;
  const pick = (sent: unknown, stored: unknown) => (sent !== undefined ? sent : keepStored ? stored : undefined);
  return validate({
    kind: kindSent ? input.schedule_kind : current.scheduleKind,
    cron: pick(input.cron_expression, current.cronExpression),
    period: pick(input.period_seconds, current.periodSeconds),
    tz: input.timezone !== undefined ? input.timezone : current.timezone,
  });
}

export function columnsOf(row: MonitorRow): ScheduleColumns {
  return {
    scheduleKind: row.scheduleKind === "period" ? "period" : "cron",
    periodSeconds: row.periodSeconds,
    cronExpression: row.cronExpression,
    timezone: row.timezone,
  };
}

/** Whether two schedules fire at the same times (the zone matters only in cron mode). */
export function sameSchedule(a: ScheduleColumns, b: ScheduleColumns): boolean {
  if (a.scheduleKind !== b.scheduleKind) return false;
  return a.scheduleKind === "period"
    ? a.periodSeconds === b.periodSeconds
    : a.cronExpression === b.cronExpression && a.timezone === b.timezone;
}

/** Decisions 3: a re-armed schedule expects its next ping at the next fire time after `now`. */
export function nextExpectedFrom(columns: ScheduleColumns, now: Date): Date {
  return nextExpectedAt(scheduleOf(columns), now);
}

/**
 * The engine validates the schedule. `timezone` is a stored field in both modes, so it is also
 * checked in period mode (where it has no effect) to never store a name that is not a zone.
 */
function validate(raw: { kind: unknown; cron: unknown; period: unknown; tz: unknown }): ScheduleColumns {
  const schedule: Schedule = parseSchedule(raw, MONITOR_FIELDS);
  if (schedule.kind === "cron") {
    return {
      scheduleKind: "cron",
      periodSeconds: null,
      cronExpression: schedule.expression,
      timezone: schedule.timezone,
    };
  }
  if (schedule.periodSeconds > MAX_PERIOD_SECONDS) {
    throw new ScheduleError(
      "invalid_field_type",
      `period_seconds must be at most ${MAX_PERIOD_SECONDS}`,
      MONITOR_FIELDS.period,
    );
  }
  const timezone = typeof raw.tz === "string" ? raw.tz : "UTC";
  assertZone(timezone, MONITOR_FIELDS);
  return { scheduleKind: "period", periodSeconds: schedule.periodSeconds, cronExpression: null, timezone };
}

/** `unknown_timezone` naming the caller's field, for zones the engine does not check itself. */
export function assertZone(timezone: string, fields: ScheduleFieldNames): void {
  if (!isValidTimeZone(timezone)) {
    throw new ScheduleError("unknown_timezone", scheduleErrorMessage("unknown_timezone"), fields.tz);
  }
}
