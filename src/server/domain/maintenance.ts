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

/** At most this many runs of one window are listed over a period (a 10-minute schedule over 90 days has 12,960). */
export const MAX_LISTED_RUNS = 20_000;

/**
 * The runs of a window that overlap [from, to), oldest first, as its timing says now (a window
 * edited since reads as if it had always had its new timing). Throws ScheduleError for a stored
 * schedule that cannot be evaluated.
 */
export function runsBetween(timing: WindowTiming, from: Date, to: Date): Occurrence[] {
  if (timing.kind === "once")
    return timing.endsAt.getTime() > from.getTime() && timing.startsAt.getTime() < to.getTime()
      ? [{ start: timing.startsAt, end: timing.endsAt }]
      : [];
  const durationMs = timing.durationMinutes * 60_000;
  const runs: Occurrence[] = [];
  let start = nextFireAfter(timing.schedule, new Date(from.getTime() - durationMs));
  while (start.getTime() < to.getTime() && runs.length < MAX_LISTED_RUNS) {
    runs.push({ start, end: new Date(start.getTime() + durationMs) });
    start = nextFireAfter(timing.schedule, start);
  }
  return runs;
}
