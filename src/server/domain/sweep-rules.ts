import { nextFireAfter, type Schedule } from "../../shared/schedule";

/**
 * The sweeper's rules (decisions 3 and 4), pure: every instant is passed in.
 *
 * A monitor is armed when it has an expected ping time E (`next_expected_at`).
 *   - late: now > E and now <= E + grace (only a monitor that is `new` or `up` becomes late);
 *   - down: now > E + grace. Every fire time f whose grace has run out (now > f + grace) is a
 *     missed fire time and gets one `missed` run; the expected time moves to the first fire time
 *     whose grace has not run out yet.
 */

/** At most this many `missed` runs are recorded for one monitor in one sweep. */
export const MAX_MISSED_PER_SWEEP = 10;

/** Runs, their logs, processed outbox rows and delivery attempts are kept this long. */
export const RETENTION_DAYS = 90;

export type Overdue =
  { kind: "none" } | { kind: "late" } | { kind: "down"; missed: Date[]; skipped: boolean; nextExpectedAt: Date };

/** A fire time whose grace has run out by `now`. */
export function graceExpired(fireTime: Date, graceSeconds: number, now: Date): boolean {
  return now.getTime() > fireTime.getTime() + graceSeconds * 1000;
}

/**
 * What the sweep does with an armed, unfolded monitor expected at `expectedAt`.
 * `state` is the stored state (`new`, `up`, `late`, `down`).
 */
export function overdue(
  m: { state: string; expectedAt: Date; graceSeconds: number; schedule: Schedule },
  now: Date,
  limit = MAX_MISSED_PER_SWEEP,
): Overdue {
  if (now.getTime() <= m.expectedAt.getTime()) return { kind: "none" };
  if (!graceExpired(m.expectedAt, m.graceSeconds, now)) {
    return m.state === "new" || m.state === "up" ? { kind: "late" } : { kind: "none" };
  }
  return { kind: "down", ...missedFireTimes(m.schedule, m.expectedAt, m.graceSeconds, now, limit) };
}

/**
 * The missed fire times from `expectedAt` on (oldest first, at most `limit`), and the first fire
 * time whose grace has not run out. Beyond the limit the remaining missed fire times are skipped
 * (`skipped`: true), so a sweep's work per monitor is bounded even after a long outage.
 */
export function missedFireTimes(
  schedule: Schedule,
  expectedAt: Date,
  graceSeconds: number,
  now: Date,
  limit = MAX_MISSED_PER_SWEEP,
): { missed: Date[]; skipped: boolean; nextExpectedAt: Date } {
  const missed: Date[] = [];
  let fire = expectedAt;
  while (graceExpired(fire, graceSeconds, now)) {
    if (missed.length === limit) {
      return { missed, skipped: true, nextExpectedAt: firstUnexpired(schedule, expectedAt, graceSeconds, now) };
    }
    missed.push(fire);
    fire = nextFireAfter(schedule, fire); // a period schedule counts on from the previous expected time
  }
  return { missed, skipped: false, nextExpectedAt: fire };
}

/** The first fire time f of the chain with now <= f + grace, without walking every fire time. */
function firstUnexpired(schedule: Schedule, expectedAt: Date, graceSeconds: number, now: Date): Date {
  const earliestMs = now.getTime() - graceSeconds * 1000; // f >= earliest
  if (schedule.kind === "period") {
    const periodMs = schedule.periodSeconds * 1000;
    const k = Math.ceil((earliestMs - expectedAt.getTime()) / periodMs);
    return new Date(expectedAt.getTime() + k * periodMs);
  }
  return nextFireAfter(schedule, new Date(earliestMs - 1));
}

/** The effective run-time cap of a `running` run: `max_runtime_seconds`, or `grace_seconds` when null. */
export function runtimeLimitSeconds(m: { maxRuntimeSeconds: number | null; graceSeconds: number }): number {
  return m.maxRuntimeSeconds ?? m.graceSeconds;
}

/** A run started at `startedAt` has outlived its cap by `now`. */
export function overran(startedAt: Date, limitSeconds: number, now: Date): boolean {
  return now.getTime() > startedAt.getTime() + limitSeconds * 1000;
}

/** Everything older than this instant is removed by housekeeping. */
export function retentionCutoff(now: Date, days = RETENTION_DAYS): Date {
  return new Date(now.getTime() - days * 86_400_000);
}
