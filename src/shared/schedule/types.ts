export type Schedule =
  { kind: "cron"; expression: string; timezone: string } | { kind: "period"; periodSeconds: number };

/** Names of the input fields, used in ScheduleError.field. */
export type ScheduleFieldNames = { kind: string; cron: string; tz: string; period: string };

export const MONITOR_FIELDS: ScheduleFieldNames = Object.freeze({
  kind: "schedule_kind",
  cron: "cron_expression",
  tz: "timezone",
  period: "period_seconds",
});
