-- AlterTable
ALTER TABLE "outbox" ADD COLUMN "integration_id" INTEGER;
ALTER TABLE "outbox" ADD COLUMN "reminder_seq" INTEGER;

-- AlterTable
ALTER TABLE "integrations" ADD COLUMN "repeat_minutes" INTEGER;

-- CreateIndex
CREATE INDEX "incidents_org_id_status_idx" ON "incidents"("org_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_incident_id_integration_id_reminder_seq_key" ON "outbox"("incident_id", "integration_id", "reminder_seq");

-- CreateIndex
CREATE INDEX "integrations_repeat_minutes_idx" ON "integrations"("repeat_minutes");

