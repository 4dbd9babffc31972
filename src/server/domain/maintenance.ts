import { nextFireAfter, type Schedule } from "../../shared/schedule";

/**
 * When a maintenance window runs, pure: every instant is passed in. A window is one-off
 * (`starts_at`/`ends_at`) or recurring (a cron schedule in a time zone, through the one schedule
 * engine, and a duration in real minutes: an occurrence that spans a daylight-saving change lasts
 * exactly its duration, starting at the wall-clock time the schedule engine gives for that day).
 *
 * Groundwork for maintenance windows (docs/api-maintenance.md): the windows' routes, their targets
 * and the stores' hold rule are built on these functions.
 */
export type WindowTiming =
  | { kind: "once"; startsAt: Date; endsAt: Date }
  | { kind: "recurring"; schedule: Extract<Schedule, { kind: "cron" }>; durationMinutes: number };

/** One run of a window: from `start` (included) to `end` (excluded). */
export type Occurrence = { start: Date; end: Date };

/**
 * The occurrence running at `now`, else the next one to start; null when the window has no
 * occurrence left (a one-off window that ended). Throws ScheduleError for a stored schedule that
 * cannot be evaluated.
 */
export function currentOrNext(timing: WindowTiming, now: Date): Occurrence | null {
  if (timing.kind === "once")
    return timing.endsAt.getTime() > now.getTime() ? { start: timing.startsAt, end: timing.endsAt } : null;
  const durationMs = timing.durationMinutes * 60_000;
  // The first start after now - duration is either running now or the next one.
  const start = nextFireAfter(timing.schedule, new Date(now.getTime() - durationMs));
  return { start, end: new Date(start.getTime() + durationMs) };
}

/**
 * Whether the object is under maintenance at `now`, given the end the stores read beside it (the
 * latest end among its windows' runs that have started; null: none): its notifications are held and
 * its checks left out of uptime.
 */
export function maintainedAt(until: Date | null | undefined, now: Date): boolean {
  return !!until && until.getTime() > now.getTime();
}

/** Whether an occurrence is running at `now`. */
export function running(occurrence: Occurrence | null, now: Date): boolean {
  return occurrence !== null && occurrence.start.getTime() <= now.getTime() && now.getTime() < occurrence.end.getTime();
}

/**
 * The maintenance an object is under at `now`, from the occurrences of the windows that cover it:
 * the running window that ends last (its id and end), or null.
 */
export function maintenanceAt(
  windows: { id: number; occurrence: Occurrence | null }[],
  now: Date,
): { windowId: number; endsAt: Date } | null {
  let found: { windowId: number; endsAt: Date } | null = null;
  for (const w of windows) {
    if (!running(w.occurrence, now)) continue;
    if (!found || w.occurrence!.end.getTime() > found.endsAt.getTime())
      found = { windowId: w.id, endsAt: w.occurrence!.end };
  }
  return found;
}

/**
 * A recurring window's runs start at least this many minutes apart (docs/limits.md): with the
 * shortest run, `MIN_MAINTENANCE_RUN_MINUTES` (shared/schemas/maintenance.ts), it bounds how many runs
 * a window has in the 90 days public pages show, and what the sweep records of them.
 */
export const MIN_RUN_SPACING_MINUTES = 60;
/** How far the spacing of a schedule is checked: this many runs, or this many days, whichever ends first. */
const SPACING_SAMPLE_RUNS = 1_000;
const SPACING_SAMPLE_DAYS = 400;

/**
 * The first two consecutive runs of a recurring schedule that start less than
 * `MIN_RUN_SPACING_MINUTES` apart, over its next runs from `from` (at most `SPACING_SAMPLE_RUNS`
 * of them, within `SPACING_SAMPLE_DAYS`: a cron expression repeats within a year), else null. The
 * spacing is the wall clock's: the expression is read without its zone's daylight-saving changes,
 * which move one run a year (a `30 * * * *` run skipped into 03:00 by the spring change is not
 * "too close"). Throws ScheduleError for a schedule that cannot be evaluated.
 */
export function runsTooClose(
  schedule: Extract<Schedule, { kind: "cron" }>,
  from: Date,
): { first: Date; second: Date } | null {
  schedule = { ...schedule, timezone: "UTC" };
  const horizon = from.getTime() + SPACING_SAMPLE_DAYS * 86_400_000;
  let previous = nextFireAfter(schedule, from);
  for (let n = 1; n < SPACING_SAMPLE_RUNS && previous.getTime() < horizon; n++) {
    const next = nextFireAfter(schedule, previous);
    if (next.getTime() - previous.getTime() < MIN_RUN_SPACING_MINUTES * 60_000)
      return { first: previous, second: next };
    previous = next;
  }
  return null;
}
