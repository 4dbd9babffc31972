-- AlterTable
ALTER TABLE "outbox" ADD COLUMN "window_ends_at" DATETIME;
ALTER TABLE "outbox" ADD COLUMN "window_id" INTEGER;
ALTER TABLE "outbox" ADD COLUMN "window_starts_at" DATETIME;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_maintenance_windows" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "org_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "starts_at" DATETIME,
    "ends_at" DATETIME,
    "schedule" TEXT,
    "timezone" TEXT,
    "duration_minutes" INTEGER,
    "current_starts_at" DATETIME,
    "current_ends_at" DATETIME,
    "announced_phase" INTEGER NOT NULL DEFAULT 0,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "maintenance_windows_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_maintenance_windows" ("created_at", "current_ends_at", "current_starts_at", "description", "duration_minutes", "ends_at", "id", "org_id", "schedule", "starts_at", "timezone", "title", "updated_at") SELECT "created_at", "current_ends_at", "current_starts_at", "description", "duration_minutes", "ends_at", "id", "org_id", "schedule", "starts_at", "timezone", "title", "updated_at" FROM "maintenance_windows";
DROP TABLE "maintenance_windows";
ALTER TABLE "new_maintenance_windows" RENAME TO "maintenance_windows";
CREATE INDEX "maintenance_windows_org_id_id_idx" ON "maintenance_windows"("org_id", "id");
CREATE INDEX "maintenance_windows_current_ends_at_idx" ON "maintenance_windows"("current_ends_at");
CREATE INDEX "maintenance_windows_announced_phase_current_ends_at_idx" ON "maintenance_windows"("announced_phase", "current_ends_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

