-- AlterTable
ALTER TABLE "incidents" ADD COLUMN "acknowledged_at" DATETIME;
ALTER TABLE "incidents" ADD COLUMN "acknowledged_by" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_integrations" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "org_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "url" TEXT,
    "email" TEXT,
    "secret" TEXT,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "confirmed_at" DATETIME,
    "confirm_token_hash" TEXT,
    "confirm_sent_at" DATETIME,
    "config" TEXT NOT NULL DEFAULT '{}',
    "failing_reason" TEXT,
    "failing_since" DATETIME,
    "events" TEXT NOT NULL DEFAULT '["incident.opened","incident.resolved","incident.acknowledged","run.drifted"]',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "integrations_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_integrations" ("confirm_sent_at", "confirm_token_hash", "confirmed_at", "created_at", "email", "id", "is_default", "kind", "name", "org_id", "secret", "updated_at", "url") SELECT "confirm_sent_at", "confirm_token_hash", "confirmed_at", "created_at", "email", "id", "is_default", "kind", "name", "org_id", "secret", "updated_at", "url" FROM "integrations";
DROP TABLE "integrations";
ALTER TABLE "new_integrations" RENAME TO "integrations";
CREATE UNIQUE INDEX "integrations_confirm_token_hash_key" ON "integrations"("confirm_token_hash");
CREATE INDEX "integrations_org_id_is_default_idx" ON "integrations"("org_id", "is_default");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

