-- CreateIndex
CREATE INDEX "cron_monitors_org_id_id_idx" ON "cron_monitors"("org_id", "id");

