-- DropIndex
DROP INDEX "cron_monitors_next_expected_at_idx";

-- DropIndex
DROP INDEX "cron_runs_monitor_id_status_finished_at_idx";

