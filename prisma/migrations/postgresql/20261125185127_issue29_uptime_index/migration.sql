-- DropIndex
DROP INDEX "check_rollups_uptime_idx";

-- CreateIndex
CREATE INDEX "check_rollups_uptime_idx" ON "check_rollups"("service_id", "hour", "total", "successful", "maintenance_total", "maintenance_successful");

