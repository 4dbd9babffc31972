// Calendar matching of a parsed cron expression against wall-clock times (no time zones here).

import { ceilToMinute, dayOfWeek, daysInMonth, maxDaysInMonth, utcMs, wallParts } from "./calendar";
import { ScheduleError } from "./errors";
import { parseCronExpression, type CronSpec } from "./grammar";
import { MONITOR_FIELDS } from "./types";

/** Parses the expression and checks that it can ever fire. Throws ScheduleError. */
export function compileCron(expression: string, field: string = MONITOR_FIELDS.cron): CronSpec {
  const spec = parseCronExpression(expression, field);
  if (!canEverFire(spec)) {
    throw new ScheduleError(
      "unresolvable_schedule",
      `cron expression '${spec.expression}' never fires: none of its days of month exist in its months`,
      field,
    );
  }
  return spec;
}

export function validateCronExpression(expr: string, field: string = MONITOR_FIELDS.cron): void {
  compileCron(expr, field);
}

/**
 * Vixie/Debian day rule: when both day fields are restricted, a day matches if EITHER matches;
 * when either field starts with "*", BOTH must match (a plain "*" matches every day anyway).
 */
export function dayMatches(spec: CronSpec, year: number, month: number, day: number): boolean {
  const domOk = spec.daysOfMonth[day] === true;
  const dowOk = spec.daysOfWeek[dayOfWeek(year, month, day)] === true;
  return spec.dayOfMonthStar || spec.dayOfWeekStar ? domOk && dowOk : domOk || dowOk;
}

/**
 * Analytic check, no searching. With OR semantics the weekday alone fires every week, so it always
 * fires. With AND semantics a (month, day) pair must exist (Feb counts as 29 days); every such date
 * eventually falls on every weekday over the years, so the weekday set cannot make it impossible.
 */
export function canEverFire(spec: CronSpec): boolean {
  if (!spec.dayOfMonthStar && !spec.dayOfWeekStar) return true;
  for (let month = 1; month <= 12; month++) {
    if (!spec.months[month]) continue;
    for (let day = 1; day <= maxDaysInMonth(month); day++) {
      if (spec.daysOfMonth[day]) return true;
    }
  }
  return false;
}

/**
 * Smallest matching wall time >= fromWall (rounded up to a minute) and < limitWall, or null.
 * Jumps month by month, day by day, hour by hour: a leap-day-only expression costs ~40 steps per year.
 */
export function nextMatchingWall(spec: CronSpec, fromWall: number, limitWall: number): number | null {
  let wall = ceilToMinute(fromWall);
  while (wall < limitWall) {
    const { year, month, day, hour, minute } = wallParts(wall);
    if (!spec.months[month]) {
      wall = utcMs(year, month + 1, 1);
    } else if (day > daysInMonth(year, month) || !dayMatches(spec, year, month, day)) {
      wall = utcMs(year, month, day + 1);
    } else if (!spec.hours[hour]) {
      const nextHour = firstAtOrAfter(spec.hours, hour + 1);
      wall = nextHour === null ? utcMs(year, month, day + 1) : utcMs(year, month, day, nextHour);
    } else if (!spec.minutes[minute]) {
      const nextMinute = firstAtOrAfter(spec.minutes, minute + 1);
      wall = nextMinute === null ? utcMs(year, month, day, hour + 1) : utcMs(year, month, day, hour, nextMinute);
    } else {
      return wall;
    }
  }
  return null;
}

function firstAtOrAfter(set: boolean[], start: number): number | null {
  for (let value = start; value < set.length; value++) if (set[value]) return value;
  return null;
}
