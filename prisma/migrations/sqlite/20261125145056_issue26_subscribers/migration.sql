-- AlterTable
ALTER TABLE "outbox" ADD COLUMN "update_id" INTEGER;

-- CreateTable
CREATE TABLE "status_page_subscribers" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "page_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "confirm_token_hash" TEXT,
    "confirm_sent_at" DATETIME,
    "confirmed_at" DATETIME,
    "unsubscribe_salt" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "status_page_subscribers_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "status_pages" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "status_page_subscriber_mails" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "outbox_id" INTEGER NOT NULL,
    "subscriber_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "created_at" DATETIME NOT NULL,
    CONSTRAINT "status_page_subscriber_mails_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "status_page_subscribers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "status_page_subscribers_confirm_token_hash_key" ON "status_page_subscribers"("confirm_token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "status_page_subscribers_page_id_email_key" ON "status_page_subscribers"("page_id", "email");

-- CreateIndex
CREATE INDEX "status_page_subscriber_mails_subscriber_id_idx" ON "status_page_subscriber_mails"("subscriber_id");

-- CreateIndex
CREATE UNIQUE INDEX "status_page_subscriber_mails_outbox_id_subscriber_id_key" ON "status_page_subscriber_mails"("outbox_id", "subscriber_id");

