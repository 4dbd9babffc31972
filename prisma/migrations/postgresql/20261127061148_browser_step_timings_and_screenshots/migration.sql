-- AlterTable
ALTER TABLE "check_results" ADD COLUMN     "steps" TEXT;

-- CreateTable
CREATE TABLE "check_screenshots" (
    "result_id" INTEGER NOT NULL,
    "service_id" INTEGER NOT NULL,
    "step" TEXT NOT NULL,
    "image" BYTEA NOT NULL,

    CONSTRAINT "check_screenshots_pkey" PRIMARY KEY ("result_id")
);

-- CreateIndex
CREATE INDEX "check_screenshots_service_id_result_id_idx" ON "check_screenshots"("service_id", "result_id");

