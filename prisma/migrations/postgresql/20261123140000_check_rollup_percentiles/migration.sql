-- AlterTable
ALTER TABLE "check_rollups" ADD COLUMN     "response_p50_ms" DOUBLE PRECISION,
ADD COLUMN     "response_p95_ms" DOUBLE PRECISION;

-- CreateIndex
CREATE INDEX "check_rollups_hour_idx" ON "check_rollups"("hour");

