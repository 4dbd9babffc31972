-- AlterTable
ALTER TABLE "badges" ADD COLUMN     "states" TEXT NOT NULL DEFAULT 'all';

