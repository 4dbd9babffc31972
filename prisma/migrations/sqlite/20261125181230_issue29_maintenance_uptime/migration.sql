-- AlterTable (columns added in place: rebuilding check_results would copy every raw result)
ALTER TABLE "check_results" ADD COLUMN "in_maintenance" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "check_rollups" ADD COLUMN "maintenance_total" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "check_rollups" ADD COLUMN "maintenance_successful" INTEGER NOT NULL DEFAULT 0;
