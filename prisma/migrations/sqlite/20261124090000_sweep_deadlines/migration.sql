-- The looping sweeper's next deadline (src/server/storage/sqlite/sweep-deadline.ts): the instant a
-- sweep next has work for an armed, unfolded monitor (late at E when it is new or up, down at
-- E + grace otherwise), as a Julian day number. Prisma does not describe expression indexes: a later
-- migration that rebuilds cron_monitors must create this index again
-- (tests/unit/sweep-deadline-index.test.ts fails without it).
CREATE INDEX "cron_monitors_sweep_deadline_idx" ON "cron_monitors" (
  (julianday("next_expected_at") + CASE WHEN "state" IN ('new', 'up') THEN 0 ELSE "grace_seconds" / 86400.0 END)
) WHERE "paused" = 0 AND "suspended" = 0 AND "next_expected_at" IS NOT NULL;
