-- AlterTable
ALTER TABLE "services" ADD COLUMN "snoozed_until" DATETIME;

-- AlterTable
ALTER TABLE "cron_monitors" ADD COLUMN "snoozed_until" DATETIME;

-- AlterTable (a column added in place: redefining the table would drop the hand-written partial unique indexes)
ALTER TABLE "incidents" ADD COLUMN "held" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "incidents_held_status_idx" ON "incidents"("held", "status");
