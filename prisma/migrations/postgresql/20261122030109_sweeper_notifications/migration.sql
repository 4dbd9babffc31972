-- DropIndex
DROP INDEX "cron_runs_status_started_at_idx";

-- AlterTable
ALTER TABLE "cron_runs" ADD COLUMN     "timed_out" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "outbox" ADD COLUMN     "claimed_at" TIMESTAMP(3),
ADD COLUMN     "claimed_by" TEXT;

-- CreateTable
CREATE TABLE "integrations" (
    "id" SERIAL NOT NULL,
    "org_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "url" TEXT,
    "email" TEXT,
    "secret" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "integrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deliveries" (
    "id" SERIAL NOT NULL,
    "integration_id" INTEGER NOT NULL,
    "outbox_id" INTEGER,
    "event" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "response_status" INTEGER,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "integrations_org_id_is_default_idx" ON "integrations"("org_id", "is_default");

-- CreateIndex
CREATE INDEX "deliveries_integration_id_id_idx" ON "deliveries"("integration_id", "id");

-- CreateIndex
CREATE INDEX "deliveries_outbox_id_integration_id_idx" ON "deliveries"("outbox_id", "integration_id");

-- CreateIndex
CREATE INDEX "deliveries_created_at_idx" ON "deliveries"("created_at");

-- CreateIndex
CREATE INDEX "cron_monitors_paused_suspended_next_expected_at_idx" ON "cron_monitors"("paused", "suspended", "next_expected_at");

-- CreateIndex
CREATE INDEX "cron_runs_status_timed_out_started_at_idx" ON "cron_runs"("status", "timed_out", "started_at");

-- AddForeignKey
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

