-- AlterTable
ALTER TABLE "check_results" ADD COLUMN "steps" TEXT;

-- CreateTable
CREATE TABLE "check_screenshots" (
    "result_id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "service_id" INTEGER NOT NULL,
    "step" TEXT NOT NULL,
    "image" BLOB NOT NULL
);

-- CreateIndex
CREATE INDEX "check_screenshots_service_id_result_id_idx" ON "check_screenshots"("service_id", "result_id");

