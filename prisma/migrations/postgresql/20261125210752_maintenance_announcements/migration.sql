-- AlterTable
ALTER TABLE "outbox" ADD COLUMN     "window_ends_at" TIMESTAMP(3),
ADD COLUMN     "window_id" INTEGER,
ADD COLUMN     "window_starts_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "maintenance_windows" ADD COLUMN     "announced_phase" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "maintenance_windows_announced_phase_current_ends_at_idx" ON "maintenance_windows"("announced_phase", "current_ends_at");

