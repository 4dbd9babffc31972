import type Database from "better-sqlite3";
import type { NextDeadline } from "../next-deadline";

/** The deadline expression, word for word the one of index `cron_monitors_sweep_deadline_idx` (a Julian day number). */
export const DEADLINE_EXPRESSION = `julianday("next_expected_at") + CASE WHEN "state" IN ('new', 'up') THEN 0 ELSE "grace_seconds" / 86400.0 END`;

/** The index's condition, word for word: an armed monitor with an expected time. */
export const ARMED = `"paused" = 0 AND "suspended" = 0 AND "next_expected_at" IS NOT NULL`;

/**
 * The earliest deadline after `@after` (a Julian day number), through the partial expression index,
 * named: without statistics the planner might rather scan the table and sort every armed monitor.
 */
export const NEXT_DEADLINE_SQL = `
SELECT ${DEADLINE_EXPRESSION} AS deadline FROM cron_monitors INDEXED BY cron_monitors_sweep_deadline_idx
WHERE ${ARMED} AND ${DEADLINE_EXPRESSION} > @after
ORDER BY ${DEADLINE_EXPRESSION} LIMIT 1`;

const UNIX_EPOCH_JULIAN_DAY = 2440587.5;
const DAY_MS = 86_400_000;

/** The SQLite reader of the next deadline, on the sweeper's connection. */
export function sqliteNextDeadline(db: Database.Database): NextDeadline {
  const next = db.prepare(NEXT_DEADLINE_SQL);
  return async (after) => {
    const row = next.get({ after: after.getTime() / DAY_MS + UNIX_EPOCH_JULIAN_DAY }) as
      { deadline: number } | undefined;
    // Julian days carry about 10 µs of precision here: round up to the millisecond, never early.
    return row ? new Date(Math.ceil((row.deadline - UNIX_EPOCH_JULIAN_DAY) * DAY_MS)) : null;
  };
}
