-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_status_pages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "org_id" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "password_hash" TEXT,
    "custom_domain" TEXT,
    "show_uptime" BOOLEAN NOT NULL DEFAULT true,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "verified_domain" TEXT,
    "domain_token_hash" TEXT,
    "domain_token_at" DATETIME,
    "domain_verified_at" DATETIME,
    "domain_checked_at" DATETIME,
    "domain_check_at" DATETIME,
    "domain_failures" INTEGER NOT NULL DEFAULT 0,
    "domain_error" TEXT,
    CONSTRAINT "status_pages_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_status_pages" ("created_at", "custom_domain", "description", "id", "org_id", "password_hash", "show_uptime", "slug", "title", "updated_at", "visibility") SELECT "created_at", "custom_domain", "description", "id", "org_id", "password_hash", "show_uptime", "slug", "title", "updated_at", "visibility" FROM "status_pages";
DROP TABLE "status_pages";
ALTER TABLE "new_status_pages" RENAME TO "status_pages";
CREATE UNIQUE INDEX "status_pages_slug_key" ON "status_pages"("slug");
CREATE UNIQUE INDEX "status_pages_verified_domain_key" ON "status_pages"("verified_domain");
CREATE INDEX "status_pages_org_id_idx" ON "status_pages"("org_id");
CREATE INDEX "status_pages_domain_check_at_idx" ON "status_pages"("domain_check_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

