-- The sweeper reads its due monitors through cron_monitors_sweep_deadline_idx (migration
-- sweep_deadlines), in (deadline, id) order: this index, which every ping's write of
-- next_expected_at kept up to date beside that one, has no reader left.
-- DropIndex
DROP INDEX "cron_monitors_paused_suspended_next_expected_at_idx";
