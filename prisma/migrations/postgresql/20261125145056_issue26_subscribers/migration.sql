-- AlterTable
ALTER TABLE "outbox" ADD COLUMN     "update_id" INTEGER;

-- CreateTable
CREATE TABLE "status_page_subscribers" (
    "id" SERIAL NOT NULL,
    "page_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "confirm_token_hash" TEXT,
    "confirm_sent_at" TIMESTAMP(3),
    "confirmed_at" TIMESTAMP(3),
    "unsubscribe_salt" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "status_page_subscribers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "status_page_subscriber_mails" (
    "id" SERIAL NOT NULL,
    "outbox_id" INTEGER NOT NULL,
    "subscriber_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "status_page_subscriber_mails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "status_page_subscribers_confirm_token_hash_key" ON "status_page_subscribers"("confirm_token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "status_page_subscribers_page_id_email_key" ON "status_page_subscribers"("page_id", "email");

-- CreateIndex
CREATE INDEX "status_page_subscriber_mails_subscriber_id_idx" ON "status_page_subscriber_mails"("subscriber_id");

-- CreateIndex
CREATE UNIQUE INDEX "status_page_subscriber_mails_outbox_id_subscriber_id_key" ON "status_page_subscriber_mails"("outbox_id", "subscriber_id");

-- AddForeignKey
ALTER TABLE "status_page_subscribers" ADD CONSTRAINT "status_page_subscribers_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "status_page_subscriber_mails" ADD CONSTRAINT "status_page_subscriber_mails_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "status_page_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

