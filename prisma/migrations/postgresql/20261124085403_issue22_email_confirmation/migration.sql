-- AlterTable
ALTER TABLE "integrations" ADD COLUMN     "confirm_sent_at" TIMESTAMP(3),
ADD COLUMN     "confirm_token_hash" TEXT,
ADD COLUMN     "confirmed_at" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "integrations_confirm_token_hash_key" ON "integrations"("confirm_token_hash");


-- Email integrations made before confirmation existed keep receiving mail (their recipients were never asked).
UPDATE "integrations" SET "confirmed_at" = "created_at" WHERE "kind" = 'email';
