-- AlterTable
ALTER TABLE "services" ADD COLUMN     "snoozed_until" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "cron_monitors" ADD COLUMN     "snoozed_until" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "incidents" ADD COLUMN     "held" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "incidents_held_status_idx" ON "incidents"("held", "status");

