-- AlterTable
ALTER TABLE "status_page_subscribers" ADD COLUMN     "notify_maintenance" BOOLEAN NOT NULL DEFAULT true;

