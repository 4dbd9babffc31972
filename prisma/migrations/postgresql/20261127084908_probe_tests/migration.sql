-- AlterTable
ALTER TABLE "probes" ADD COLUMN     "tests_until" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "probe_tests" (
    "id" SERIAL NOT NULL,
    "probe_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "config" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "leased_at" TIMESTAMP(3),
    "answer" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "probe_tests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "probe_tests_probe_id_expires_at_idx" ON "probe_tests"("probe_id", "expires_at");

-- CreateIndex
CREATE INDEX "probe_tests_expires_at_idx" ON "probe_tests"("expires_at");

-- AddForeignKey
ALTER TABLE "probe_tests" ADD CONSTRAINT "probe_tests_probe_id_fkey" FOREIGN KEY ("probe_id") REFERENCES "probes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

