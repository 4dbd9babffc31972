-- AlterTable (a column added in place: a rebuild of incidents would drop its partial unique indexes)
ALTER TABLE "incidents" ADD COLUMN "resolution_held" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "incidents_resolution_held_status_idx" ON "incidents"("resolution_held", "status");
