// IANA time zones via Intl.DateTimeFormat: validation, instant -> wall clock, UTC offsets, formatting.

import { MINUTE_MS, SECOND_MS, utcMs } from "./calendar";
import { ScheduleError } from "./errors";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** Raw offsets ("+02:00", "UTC+2", "GMT-5") are not zone names, even where Intl accepts them. */
function looksLikeRawOffset(timezone: string): boolean {
  return /^[+-]/.test(timezone) || /^(UTC|GMT)[+-]/i.test(timezone);
}

export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== "string" || tz === "" || looksLikeRawOffset(tz)) return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone name with Intl's capitalization ("america/new_york" -> "America/New_York"), but never
 * swapped for another alias (Intl would turn "Asia/Kolkata" into "Asia/Calcutta" on some ICU builds).
 */
export function normalizeTimeZone(tz: string): string {
  const resolved = formatterFor(tz).resolvedOptions().timeZone;
  return resolved.toLowerCase() === tz.toLowerCase() ? resolved : tz;
}

export function assertTimeZone(tz: string, field: string | null): void {
  if (!isValidTimeZone(tz)) {
    throw new ScheduleError("unknown_timezone", `'${tz}' is not a known IANA time zone name`, field);
  }
}

type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function zonedParts(instantMs: number, timezone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timezone).formatToParts(instantMs)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const get = (type: string) => parts[type] ?? 0;
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour") % 24, // some engines print midnight as "24"
    minute: get("minute"),
    second: get("second"),
  };
}

/** Offset (wall clock minus UTC) in whole minutes at the given instant. The caller validates the zone. */
export function offsetMinutesAt(instantMs: number, timezone: string): number {
  return offsetOf(zonedParts(instantMs, timezone), instantMs);
}

function offsetOf(p: ZonedParts, instantMs: number): number {
  const wallMs = utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second);
  const flooredInstant = Math.floor(instantMs / SECOND_MS) * SECOND_MS;
  return Math.round((wallMs - flooredInstant) / MINUTE_MS);
}

export function utcOffsetMinutes(instant: Date, timezone: string): number {
  assertTimeZone(timezone, null);
  return offsetMinutesAt(instant.getTime(), timezone);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** "2027-03-14T03:00:00-04:00": wall-clock time in the zone with its UTC offset. */
export function formatInZone(instant: Date, timezone: string): string {
  assertTimeZone(timezone, null);
  const instantMs = instant.getTime();
  const p = zonedParts(instantMs, timezone);
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  const time = `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  return `${date}T${time}${formatOffset(offsetOf(p, instantMs))}`;
}
