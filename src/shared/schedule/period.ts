// Fixed-interval ("period") schedules: fire every N seconds counted from a reference instant.

import { ScheduleError } from "./errors";

/** Shortest accepted period. Shorter values are rejected as invalid_field_type (not a separate code). */
export const MIN_PERIOD_SECONDS = 60;

/** Checks a raw JSON value and returns it as a period in seconds. Throws invalid_field_type. */
export function parsePeriodSeconds(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new ScheduleError("invalid_field_type", `${field} must be an integer number of seconds`, field);
  }
  if (value < MIN_PERIOD_SECONDS) {
    // Deliberately invalid_field_type (no dedicated code): the message names the rule.
    throw new ScheduleError("invalid_field_type", `${field} must be at least ${MIN_PERIOD_SECONDS}`, field);
  }
  return value;
}

/** from + k * period for k = 1..count. */
export function periodFireTimes(periodSeconds: number, from: Date, count: number): Date[] {
  const fromMs = from.getTime();
  const result: Date[] = [];
  for (let k = 1; k <= count; k++) result.push(new Date(fromMs + k * periodSeconds * 1000));
  return result;
}

const UNITS: ReadonlyArray<[seconds: number, singular: string]> = [
  [86400, "day"],
  [3600, "hour"],
  [60, "minute"],
  [1, "second"],
];

/** "Every minute", "Every 5 minutes", "Every 2 hours", "Every day", "Every 90 seconds". */
export function describePeriod(periodSeconds: number): string {
  for (const [unitSeconds, unit] of UNITS) {
    if (periodSeconds % unitSeconds !== 0) continue;
    const amount = periodSeconds / unitSeconds;
    return amount === 1 ? `Every ${unit}` : `Every ${amount} ${unit}s`;
  }
  return `Every ${periodSeconds} seconds`;
}
