-- AlterTable
ALTER TABLE "check_results" ADD COLUMN     "in_maintenance" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "check_rollups" ADD COLUMN     "maintenance_successful" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "maintenance_total" INTEGER NOT NULL DEFAULT 0;

