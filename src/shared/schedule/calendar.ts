// Plain calendar arithmetic on "wall-clock milliseconds": a local date-time encoded as if it were UTC.

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export type WallParts = { year: number; month: number; day: number; hour: number; minute: number };

/** Date.UTC with month 1-12, also correct for years 0-99 (which Date.UTC maps to 19xx). Fields may overflow. */
export function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  if (year >= 100) return Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

export function wallParts(wallMs: number): WallParts {
  const date = new Date(wallMs);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Longest a month can ever be (February: 29). */
export function maxDaysInMonth(month: number): number {
  if (month === 2) return 29;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 && !isLeapYear(year) ? 28 : maxDaysInMonth(month);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(year: number, month: number, day: number): number {
  return new Date(utcMs(year, month, day)).getUTCDay();
}

export function ceilToMinute(ms: number): number {
  return Math.ceil(ms / MINUTE_MS) * MINUTE_MS;
}

export function floorToMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}
