// The schedule engine: validation, next fire times and descriptions of cron and period schedules.
// Pure TypeScript (browser-safe); every "now" is passed in by the caller.

export { ScheduleError, scheduleErrorMessage, type ScheduleErrorCode } from "./errors";
export { MONITOR_FIELDS, type Schedule, type ScheduleFieldNames } from "./types";
export { parseSchedule, type RawScheduleInput } from "./parse";
export { validateCronExpression } from "./cron";
export { isValidTimeZone, formatInZone, utcOffsetMinutes } from "./zone";
export { nextFireTimes, nextFireAfter } from "./next";
export { describeSchedule } from "./human";
