// Fire instants of a cron expression in an IANA zone, with Debian/Vixie DST behaviour.
//
// DST rule (Debian cron, decisions 10). A job is "fixed-time" unless its minute field or its hour
// field STARTS WITH "*": "30 2", "0 1-3", "23 0-20/2", "0,30 1,2" are fixed-time; "*/15 2", "0 *",
// "0 */2" are wildcard jobs. (Macros: @daily/@midnight/@weekly/@monthly/@yearly/@annually are
// fixed-time, @hourly is not.)
//   - Fixed-time jobs follow the wall clock:
//       * spring forward: a matching wall time inside the skipped interval fires once, at the first
//         real instant after the gap (the transition instant itself, e.g. 03:00 EDT);
//       * fall back: a wall time that occurs twice fires only at its first occurrence.
//   - All other jobs follow absolute time: they fire at every instant whose wall clock matches, so a
//     skipped wall time never fires and a repeated wall time fires twice.
// Gaps and overlaps are derived from the zone's real offsets (30-minute shifts included).
//
// Algorithm: walk forward in instants. Inside a stretch with a constant UTC offset, wall time and
// instant map one-to-one, so matches are found with pure calendar arithmetic (nextMatchingWall).
// The zone is probed once per day ahead of the cursor to find offset changes (binary search to the
// minute when one is found); when the next matching wall time is days away, the cursor jumps there.
// Assumption (true of every real zone): at most one offset change within any 24 hours, and no
// change of a day or more.

import { DAY_MS, floorToMinute, MINUTE_MS } from "./calendar";
import { nextMatchingWall } from "./cron";
import { ScheduleError } from "./errors";
import type { CronSpec } from "./grammar";
import { offsetMinutesAt } from "./zone";

/**
 * Far enough for any resolvable expression. The Gregorian calendar repeats every 400 years, so every
 * possible (month, day, weekday) combination occurs within that span. Typical gaps are much shorter,
 * e.g. Feb 29 alone: 4 years (8 across 2100); Feb 29 AND a weekday ("0 0 29 2 *\/2"): up to decades.
 */
const SEARCH_HORIZON_MS = 401 * 366 * DAY_MS;

/** The first `count` fire instants strictly after `from`. Expects a compiled spec and a valid zone. */
export function cronFireTimes(spec: CronSpec, timezone: string, from: Date, count: number): Date[] {
  const fromMs = from.getTime();
  const result: Date[] = [];
  if (count <= 0) return result;
  let last = -Infinity;
  // Start at the minute containing `from`: an offset change at the very next minute is then seen as
  // a change (so its gap fire is not missed); anything not after `from` is filtered out here.
  for (const instant of fireInstants(spec, timezone, floorToMinute(fromMs))) {
    if (instant <= fromMs || instant <= last) continue;
    result.push(new Date(instant));
    last = instant;
    if (result.length >= count) break;
  }
  return result;
}

function* fireInstants(spec: CronSpec, timezone: string, startMs: number): Generator<number> {
  const offsetAt = (instantMs: number) => offsetMinutesAt(instantMs, timezone) * MINUTE_MS;

  let cursor = startMs; // instant; everything before it is done
  let offset = offsetAt(cursor);
  let wallFloor = cursor + offset; // smallest wall time still eligible to fire
  if (spec.fixedTime) wallFloor = Math.max(wallFloor, endOfRepeatedWalls(cursor, offset, offsetAt));

  for (;;) {
    const nextWall = nextMatchingWall(spec, wallFloor, wallFloor + SEARCH_HORIZON_MS);
    if (nextWall === null) {
      throw new ScheduleError("unresolvable_schedule", "cron expression never fires", null);
    }
    const dayAhead = cursor + DAY_MS;
    const offsetDayAhead = offsetAt(dayAhead);

    if (offsetDayAhead === offset && nextWall - offset > cursor + 3 * DAY_MS) {
      // Nothing fires in the next day, and every wall time shown between here and two days before
      // nextWall lies in [wallFloor, nextWall), where nothing matches: jump.
      cursor = nextWall - offset - 2 * DAY_MS;
      offset = offsetAt(cursor);
      wallFloor = Math.max(wallFloor, cursor + offset);
      continue;
    }

    const stretchEnd = offsetDayAhead === offset ? dayAhead : findOffsetChange(cursor, dayAhead, offset, offsetAt);
    const wallEnd = stretchEnd + offset;
    for (let wall = nextWall < wallEnd ? nextWall : null; wall !== null;) {
      yield wall - offset;
      wall = nextMatchingWall(spec, wall + MINUTE_MS, wallEnd);
    }
    wallFloor = Math.max(wallFloor, wallEnd);
    if (stretchEnd === dayAhead && offsetDayAhead === offset) {
      cursor = dayAhead;
      continue;
    }

    // Offset change at `transition` from `offset` to `newOffset`.
    const transition = stretchEnd;
    const newOffset = offsetAt(transition);
    if (newOffset > offset) {
      // Spring forward: wall times [transition+offset, transition+newOffset) never happen.
      wallFloor = transition + newOffset;
      const skipped = nextMatchingWall(spec, transition + offset, transition + newOffset);
      if (spec.fixedTime && skipped !== null) {
        yield transition;
        wallFloor += MINUTE_MS; // the transition's own wall time has just fired
      }
    } else {
      // Fall back: wall times [transition+newOffset, transition+offset) happen a second time.
      wallFloor = spec.fixedTime ? transition + offset : transition + newOffset;
    }
    cursor = transition;
    offset = newOffset;
  }
}

/** First minute in (lo, hi] whose offset differs from `offsetLo` (the offset at lo). */
function findOffsetChange(lo: number, hi: number, offsetLo: number, offsetAt: (ms: number) => number): number {
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetAt(mid) === offsetLo) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * If `cursor` lies just after a fall-back (its wall time was already shown once), the wall time
 * where first occurrences resume; otherwise -Infinity. Used only for fixed-time jobs.
 */
function endOfRepeatedWalls(cursor: number, offset: number, offsetAt: (ms: number) => number): number {
  const dayBefore = cursor - DAY_MS;
  const offsetBefore = offsetAt(dayBefore);
  if (offsetBefore <= offset) return -Infinity;
  const transition = findOffsetChange(dayBefore, cursor, offsetBefore, offsetAt);
  return transition + offsetBefore;
}
