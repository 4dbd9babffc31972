-- AlterTable
ALTER TABLE "check_rollups" ADD COLUMN "response_p50_ms" REAL;
ALTER TABLE "check_rollups" ADD COLUMN "response_p95_ms" REAL;

-- CreateIndex
CREATE INDEX "check_rollups_hour_idx" ON "check_rollups"("hour");

