-- DropIndex
DROP INDEX "cron_runs_monitor_id_started_at_idx";

-- DropIndex
DROP INDEX "check_results_service_id_started_at_idx";

-- CreateIndex
CREATE INDEX "cron_runs_monitor_id_started_at_status_duration_ms_idx" ON "cron_runs"("monitor_id", "started_at", "status", "duration_ms");

-- CreateIndex
CREATE INDEX "check_results_service_id_started_at_up_in_maintenance_idx" ON "check_results"("service_id", "started_at", "up", "in_maintenance");

