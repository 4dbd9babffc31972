-- AlterTable
ALTER TABLE "probes" ADD COLUMN     "check_types" TEXT;

