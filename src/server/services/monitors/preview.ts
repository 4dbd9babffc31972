import type { SchedulePreview, SchedulePreviewInput } from "../../../shared/schemas/cron-monitors";
import {
  describeSchedule,
  formatInZone,
  nextFireTimes,
  parseSchedule,
  type ScheduleFieldNames,
} from "../../../shared/schedule/index";
import { assertZone } from "./schedule-input";

/** The preview's own parameter names, used as `field` in its schedule errors. */
const PREVIEW_FIELDS: ScheduleFieldNames = { kind: "kind", cron: "cron", tz: "tz", period: "period" };
export const PREVIEW_COUNT = 5;

/**
 * GET /cron-monitors/schedule-preview (spec 4.1; decisions 10): the text and the next 5 fire times
 * strictly after `from` (default now), shown with the offset of `tz` (default UTC). Exactly one of
 * `cron` and `period`; the engine answers `schedule_conflict` for both or neither.
 */
export function previewSchedule(input: SchedulePreviewInput, now: Date): SchedulePreview {
  const usePeriod = input.period !== undefined && input.cron === undefined;
  const schedule = parseSchedule(
    { kind: usePeriod ? "period" : "cron", cron: input.cron, tz: input.tz, period: periodValue(input.period) },
    PREVIEW_FIELDS,
  );
  const zone = schedule.kind === "cron" ? schedule.timezone : (input.tz ?? "UTC");
  if (schedule.kind === "period") assertZone(zone, PREVIEW_FIELDS);
  const from = input.from ? new Date(input.from) : now;
  return {
    text: describeSchedule(schedule),
    next: nextFireTimes(schedule, from, PREVIEW_COUNT).map((at) => formatInZone(at, zone)),
  };
}

/** A query string is text: an integer-looking one is the number, anything else stays text (and is refused). */
function periodValue(raw: string | undefined): unknown {
  return raw !== undefined && /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
}
