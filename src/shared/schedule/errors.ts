export type ScheduleErrorCode =
  "invalid_cron_syntax" | "unresolvable_schedule" | "unknown_timezone" | "invalid_field_type" | "schedule_conflict";

/** A schedule input was rejected. `field` names the offending input field, or null when several are involved. */
export class ScheduleError extends Error {
  readonly code: ScheduleErrorCode;
  readonly field: string | null;

  constructor(code: ScheduleErrorCode, message: string, field: string | null) {
    super(message);
    this.name = "ScheduleError";
    this.code = code;
    this.field = field;
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

const GENERIC_MESSAGES: Record<ScheduleErrorCode, string> = {
  invalid_cron_syntax: "The cron expression is not valid 5-field crontab syntax.",
  unresolvable_schedule: "The cron expression is valid but never fires.",
  unknown_timezone: "The time zone is not a known IANA time zone name (for example Europe/Berlin).",
  invalid_field_type: "A schedule field has the wrong type or an out-of-range value.",
  schedule_conflict: "Provide either a cron expression or a period, matching the schedule kind.",
};

/** Generic human text for an error code (the specific message is on the ScheduleError itself). */
export function scheduleErrorMessage(code: ScheduleErrorCode): string {
  return GENERIC_MESSAGES[code];
}
