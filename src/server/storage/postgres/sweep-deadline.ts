import type { Pool } from "pg";
import type { NextDeadline } from "../next-deadline";
import { pgTime, run } from "./pool";

/** The deadline expression, word for word the one of index `cron_monitors_sweep_deadline_idx`. */
export const DEADLINE_EXPRESSION = `(CASE WHEN "state" IN ('new', 'up') THEN "next_expected_at" ELSE "next_expected_at" + "grace_seconds" * INTERVAL '1 second' END)`;

/** The index's condition, word for word: an armed monitor with an expected time. */
export const ARMED = `"paused" = false AND "suspended" = false AND "next_expected_at" IS NOT NULL`;

/** Params: after. The earliest deadline after it, through the partial expression index. */
export const NEXT_DEADLINE_SQL = `
SELECT ${DEADLINE_EXPRESSION} AS deadline FROM cron_monitors
WHERE ${ARMED} AND ${DEADLINE_EXPRESSION} > $1::timestamp
ORDER BY ${DEADLINE_EXPRESSION} LIMIT 1`;

/** The PostgreSQL reader of the next deadline (a named statement on the sweeper's pool). */
export function pgNextDeadline(pool: Pool): NextDeadline {
  return async (after) => {
    const [row] = await run<{ deadline: string }>(pool, "sweep_next_deadline", NEXT_DEADLINE_SQL, [pgTime(after)]);
    return row ? new Date(row.deadline) : null;
  };
}
