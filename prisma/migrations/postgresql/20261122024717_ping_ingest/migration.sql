-- DropIndex
DROP INDEX "cron_runs_monitor_id_status_idx";

-- AlterTable
ALTER TABLE "cron_monitors" ADD COLUMN     "recent_pings" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "unattached_events" TEXT NOT NULL DEFAULT '[]';

-- CreateTable
CREATE TABLE "outbox" (
    "id" SERIAL NOT NULL,
    "org_id" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "cron_monitor_id" INTEGER,
    "service_id" INTEGER,
    "incident_id" INTEGER,
    "run_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL,
    "processed_at" TIMESTAMP(3),

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "outbox_processed_at_id_idx" ON "outbox"("processed_at", "id");

-- CreateIndex
CREATE INDEX "cron_runs_monitor_id_status_finished_at_idx" ON "cron_runs"("monitor_id", "status", "finished_at");

-- CreateIndex
CREATE INDEX "cron_runs_status_started_at_idx" ON "cron_runs"("status", "started_at");


-- At most one open incident per cron monitor and per service (decisions 3). Partial unique indexes
-- are written by hand: the schema language cannot express them.
CREATE UNIQUE INDEX "incidents_one_open_per_monitor" ON "incidents"("cron_monitor_id") WHERE "status" = 'open' AND "cron_monitor_id" IS NOT NULL;
CREATE UNIQUE INDEX "incidents_one_open_per_service" ON "incidents"("service_id") WHERE "status" = 'open' AND "service_id" IS NOT NULL;
