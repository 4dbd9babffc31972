-- The looping sweeper's next deadline (src/server/storage/postgres/sweep-deadline.ts): the instant a
-- sweep next has work for an armed, unfolded monitor (late at E when it is new or up, down at
-- E + grace otherwise). Prisma does not describe expression indexes or triggers: they live in
-- migrations only (tests/unit/sweep-deadline-index.test.ts checks the index is used).
CREATE INDEX "cron_monitors_sweep_deadline_idx" ON "cron_monitors" (
  (CASE WHEN "state" IN ('new', 'up') THEN "next_expected_at" ELSE "next_expected_at" + "grace_seconds" * INTERVAL '1 second' END)
) WHERE "paused" = false AND "suspended" = false AND "next_expected_at" IS NOT NULL;

-- Every committed outbox row wakes the delivery workers listening on channel `lifeline_outbox`
-- (src/server/storage/postgres/outbox-watch.ts). Notifications are sent at commit, once per transaction.
CREATE FUNCTION "lifeline_outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lifeline_outbox', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER "outbox_notify" AFTER INSERT ON "outbox" FOR EACH ROW EXECUTE FUNCTION "lifeline_outbox_notify"();
