import { currentOrNext } from "../domain/maintenance";
import { announcementsDue } from "../domain/maintenance-announcements";
import { daysWithRun, runDays, utcDay } from "../domain/maintenance-days";
import { STATUS_DAYS } from "../domain/status-page";
import {
  advanceWindow,
  claimAnnouncement,
  coveredMonitors,
  dueWindows,
  forgetDays,
  storedDays,
  writeDays,
  type DueWindowRow,
} from "../storage/maintenance-runs";
import { timingOf } from "../storage/maintenance-sql";
import { featureUse } from "../domain/feature-use";
import { keepFeatureUse } from "../storage/feature-use";
import type { SqlAccess, SqlRunner } from "../storage/runner";

/**
 * What a sweep does with the windows' runs, in two steps around its incident work: `advanced` now
 * (first thing: the hot paths must see a recurring window's new run), the rest of the announcements
 * by `announce()` after the due monitors and overrunning runs, so a sweep whose windows only need
 * announcing takes no write lock before it has read its due monitors (sweepers racing over the same
 * rows read them all before any writes).
 */
export type MovedRuns = { advanced: number; announced: number; announce: () => Promise<number> };

/**
 * The maintenance windows' runs, as every sweep (and every deadline sweep) moves them on
 * (docs/api-maintenance.md), from one read of the windows with something due
 * (storage/maintenance-runs.ts):
 * - a run that started and was not announced: `maintenance.started` (phase 0 -> 1);
 * - a run whose start was announced and that ended: `maintenance.ended` (phase 1 -> 2);
 * - a recurring window whose run ended moves to its run going on or next (phase back to 0), in one
 *   transaction with its end's announcement; the other announcements wait for `announce()`.
 * Each announcement and advance is a compare-and-swap, so any number of sweepers announce a run's
 * start and end exactly once. The sweep that advances a window records the run that ended in the
 * days of the cron monitors the window covers then (`recordRun`): what public pages and badges leave
 * out of uptime, read back without expanding any schedule.
 */
export async function moveMaintenanceRuns(
  { read, transact }: SqlAccess,
  now: Date,
  log: (line: object) => void = () => {},
): Promise<MovedRuns> {
  const rows = await read((sql) => dueWindows(sql, now));
  const moved = { advanced: 0, announced: 0 };
  const later: { row: DueWindowRow; run: { start: Date; end: Date } }[] = [];
  for (const row of rows) {
    const run = { start: new Date(row.current_starts_at), end: new Date(row.current_ends_at) };
    if (row.schedule === null || run.end.getTime() > now.getTime()) {
      later.push({ row, run });
      continue;
    }
    const next = nextRun(row, now, log);
    await transact(async (tx) => {
      for (const a of announcementsDue(Number(row.announced_phase), run, now))
        moved.announced += await claimAnnouncement(tx, row, run, a, now);
      const advanced = await advanceWindow(tx, row, run.end, next);
      // The run that ended is kept once, by the sweep that moved the window past it.
      if (advanced === 1) await recordRun(tx, row, run);
      if (advanced === 1 && next === null) await keepCoveredFeatureUse(tx, row);
      moved.advanced += advanced;
    });
  }
  const announce = async () => {
    let announced = 0;
    for (const { row, run } of later)
      for (const a of announcementsDue(Number(row.announced_phase), run, now))
        announced += await transact(async (tx) => {
          const claimed = await claimAnnouncement(tx, row, run, a, now);
          // A one-off window's run is over: what it named may be plain now.
          if (claimed === 1 && a.event === "maintenance.ended") await keepCoveredFeatureUse(tx, row);
          return claimed;
        });
    return announced;
  };
  return { ...moved, announce };
}

/**
 * The feature use of the monitors a window covers (domain/feature-use.ts), asked again once its last
 * run is over, at the real time: a sweep run as if later (`--now`) never makes a monitor plain early.
 */
async function keepCoveredFeatureUse(tx: SqlRunner, row: DueWindowRow): Promise<void> {
  await keepFeatureUse(tx, { ids: await coveredMonitors(tx, row) }, featureUse, new Date());
}

/** How many days of recorded runs a monitor keeps: what its page shows, and a day more. */
const KEPT_DAYS = STATUS_DAYS + 1;

/** Adds an ended run to the days of the monitors the window covers now (table `monitor_maintenance_days`). */
async function recordRun(tx: SqlRunner, row: DueWindowRow, run: { start: Date; end: Date }): Promise<void> {
  const monitors = await coveredMonitors(tx, row);
  if (monitors.length === 0) return;
  const days = runDays(run);
  if (days.length === 0) return;
  const stored = await storedDays(tx, row, days[0]!.day, days[days.length - 1]!.day);
  await writeDays(tx, daysWithRun(stored, monitors, run));
  // Days older than any page shows (STATUS_DAYS, and a little more) go with the next record.
  await forgetDays(tx, row, utcDay(run.end.getTime() - KEPT_DAYS * 86_400_000));
}

/** A recurring window's run going on or next at `now`; null (logged) when its stored schedule cannot be evaluated. */
function nextRun(row: DueWindowRow, now: Date, log: (line: object) => void): { start: Date; end: Date } | null {
  try {
    return currentOrNext(
      timingOf({
        startsAt: null,
        endsAt: null,
        schedule: row.schedule,
        timezone: row.timezone,
        durationMinutes: row.duration_minutes,
      }),
      now,
    );
  } catch (err) {
    log({
      level: "error",
      event: "sweep.maintenance",
      window: row.id,
      error: err instanceof Error ? err.message : String(err),
    });
    return null;
  }
}
