-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_status_page_subscribers" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "page_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "confirm_token_hash" TEXT,
    "confirm_sent_at" DATETIME,
    "confirmed_at" DATETIME,
    "unsubscribe_salt" TEXT NOT NULL,
    "notify_maintenance" BOOLEAN NOT NULL DEFAULT true,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "status_page_subscribers_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "status_pages" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_status_page_subscribers" ("confirm_sent_at", "confirm_token_hash", "confirmed_at", "created_at", "email", "id", "page_id", "unsubscribe_salt") SELECT "confirm_sent_at", "confirm_token_hash", "confirmed_at", "created_at", "email", "id", "page_id", "unsubscribe_salt" FROM "status_page_subscribers";
DROP TABLE "status_page_subscribers";
ALTER TABLE "new_status_page_subscribers" RENAME TO "status_page_subscribers";
CREATE UNIQUE INDEX "status_page_subscribers_confirm_token_hash_key" ON "status_page_subscribers"("confirm_token_hash");
CREATE UNIQUE INDEX "status_page_subscribers_page_id_email_key" ON "status_page_subscribers"("page_id", "email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

