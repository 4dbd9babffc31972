-- AlterTable
ALTER TABLE "incidents" ADD COLUMN     "acknowledged_at" TIMESTAMP(3),
ADD COLUMN     "acknowledged_by" TEXT;

-- AlterTable
ALTER TABLE "integrations" ADD COLUMN     "config" TEXT NOT NULL DEFAULT '{}',
ADD COLUMN     "events" TEXT NOT NULL DEFAULT '["incident.opened","incident.resolved","incident.acknowledged","run.drifted"]',
ADD COLUMN     "failing_reason" TEXT,
ADD COLUMN     "failing_since" TIMESTAMP(3);

