import type { SweepCounts } from "../../shared/sweep-counts";
import type { NextDeadline } from "../storage/next-deadline";
import type { Sweeper } from "./sweeper";

export type SweepLoopOptions = {
  sweeper: Sweeper;
  nextDeadline: NextDeadline;
  /** Full sweeps (housekeeping, rollups, overrunning runs, the status report): one every interval. */
  intervalMs: number;
  /** The longest sleep between looks at the next deadline; 0: no deadline waking. */
  wakeMaxMs: number;
  /** After every sweep that changed anything, with its counts (incidents opened: wake the delivery). */
  swept(counts: SweepCounts): void;
  /** Before every full sweep, with how late it starts against its schedule (the lag metric). */
  fullSweepStarting?(lateMs: number): void;
  /** After every full sweep, failed or not (the process's heartbeat). */
  fullSweepEnded?(): Promise<void>;
  log(line: object): void;
  stopping(): boolean;
  /** Sleeps `ms`, or less when woken (a stop). */
  pause(ms: number): Promise<void>;
  now?: () => number;
};

/** After a failed sweep or read, the loop waits at least this long before it tries again. */
const AFTER_ERROR_MS = 1000;

/**
 * Deadline sweeps start at least this far apart: a sweep reads every monitor past its expected
 * time (the late ones too), so when deadlines pass every few milliseconds one sweep takes several.
 */
export const MIN_SWEEP_GAP_MS = 250;

/**
 * The looping sweeper: a full sweep every interval and, in between, a sweep of the due monitors as
 * soon as a deadline passes. It sleeps until the next deadline (read through its index) but at
 * most `wakeMaxMs`, then reads it again, so new monitors and changed schedules are seen within that
 * time. Deadlines already handled (an earlier sweep's instant is past them) are not read again, so
 * a monitor that a sweep skips (a schedule that cannot be evaluated) never makes it spin.
 * Claims are those of the sweeps themselves: any number of loops may run at once.
 */
export async function runSweepLoop(o: SweepLoopOptions): Promise<void> {
  const clock = o.now ?? Date.now;
  let nextFull = 0;
  let sweptAt = 0; // every deadline before this instant has been swept
  while (!o.stopping()) {
    let failed = false;
    let full = false;
    try {
      const now = clock();
      if (now >= nextFull) {
        full = true;
        o.fullSweepStarting?.(nextFull === 0 ? 0 : now - nextFull);
        nextFull = now + o.intervalMs;
        const report = await o.sweeper.sweep(new Date(now));
        sweptAt = now;
        o.log({ level: "info", event: "sweep", ...report });
        o.swept(report.counts);
      } else if (o.wakeMaxMs > 0) {
        const deadline = await o.nextDeadline(new Date(sweptAt - 1));
        // Strictly after the deadline: a monitor is late (or down) only once its instant has passed.
        if (deadline && deadline.getTime() < now) {
          const counts = await o.sweeper.sweepDue(new Date(now));
          sweptAt = now;
          if (counts.due > 0)
            o.log({ level: "info", event: "sweep.deadline", now: new Date(now).toISOString(), counts });
          o.swept(counts);
        }
      }
    } catch (err) {
      failed = true;
      o.log({ level: "error", event: "sweep.failed", error: err instanceof Error ? err.message : String(err) });
    }
    if (full) await o.fullSweepEnded?.();
    if (o.stopping()) break;
    const gap = sweptAt + MIN_SWEEP_GAP_MS - clock();
    await o.pause(Math.max(failed ? AFTER_ERROR_MS : 0, gap, await sleepMs(o, nextFull, sweptAt, clock)));
  }
}

/** Until the next full sweep, the next deadline (just after it) or the wake limit, whichever is first. */
async function sleepMs(o: SweepLoopOptions, nextFull: number, sweptAt: number, clock: () => number): Promise<number> {
  const now = clock();
  let wait = nextFull - now;
  if (o.wakeMaxMs <= 0) return wait;
  wait = Math.min(wait, o.wakeMaxMs);
  try {
    const deadline = await o.nextDeadline(new Date(sweptAt - 1));
    if (deadline) wait = Math.min(wait, deadline.getTime() + 1 - clock());
  } catch {
    // read again at the next wake
  }
  return Math.max(0, wait);
}
