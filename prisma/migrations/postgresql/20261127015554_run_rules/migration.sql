-- AlterTable
ALTER TABLE "services" ADD COLUMN     "failure_threshold" INTEGER NOT NULL DEFAULT 2,
ADD COLUMN     "recovery_threshold" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "cron_monitors" ADD COLUMN     "run_rules" TEXT,
ADD COLUMN     "run_rules_state" TEXT,
ADD COLUMN     "runs_due_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "cron_runs" ADD COLUMN     "flag" TEXT,
ADD COLUMN     "flag_detail" TEXT;

-- AlterTable
ALTER TABLE "service_lanes" ADD COLUMN     "consecutive_successes" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "cron_monitors_runs_due_at_idx" ON "cron_monitors"("runs_due_at");

