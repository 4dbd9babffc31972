-- DropIndex
DROP INDEX "status_pages_custom_domain_key";

-- AlterTable
ALTER TABLE "status_pages" ADD COLUMN     "domain_check_at" TIMESTAMP(3),
ADD COLUMN     "domain_checked_at" TIMESTAMP(3),
ADD COLUMN     "domain_error" TEXT,
ADD COLUMN     "domain_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "domain_token_at" TIMESTAMP(3),
ADD COLUMN     "domain_token_hash" TEXT,
ADD COLUMN     "domain_verified_at" TIMESTAMP(3),
ADD COLUMN     "verified_domain" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "status_pages_verified_domain_key" ON "status_pages"("verified_domain");

-- CreateIndex
CREATE INDEX "status_pages_domain_check_at_idx" ON "status_pages"("domain_check_at");

