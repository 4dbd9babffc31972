-- DropIndex
DROP INDEX "cron_monitors_org_id_state_idx";

-- CreateIndex
CREATE INDEX "cron_monitors_org_id_state_paused_suspended_idx" ON "cron_monitors"("org_id", "state", "paused", "suspended");

