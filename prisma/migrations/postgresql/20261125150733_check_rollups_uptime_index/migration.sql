-- CreateIndex
CREATE INDEX "check_rollups_uptime_idx" ON "check_rollups"("service_id", "hour", "total", "successful");

