-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_badges" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "org_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "cron_monitor_id" INTEGER,
    "service_id" INTEGER,
    "project_id" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "states" TEXT NOT NULL DEFAULT 'all',
    CONSTRAINT "badges_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_badges" ("created_at", "cron_monitor_id", "id", "key", "key_hash", "label", "org_id", "project_id", "service_id") SELECT "created_at", "cron_monitor_id", "id", "key", "key_hash", "label", "org_id", "project_id", "service_id" FROM "badges";
DROP TABLE "badges";
ALTER TABLE "new_badges" RENAME TO "badges";
CREATE UNIQUE INDEX "badges_key_hash_key" ON "badges"("key_hash");
CREATE INDEX "badges_org_id_idx" ON "badges"("org_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

