-- AlterTable
ALTER TABLE "probes" ADD COLUMN "tests_until" DATETIME;

-- CreateTable
CREATE TABLE "probe_tests" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "probe_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "config" TEXT NOT NULL,
    "expires_at" DATETIME NOT NULL,
    "leased_at" DATETIME,
    "answer" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "probe_tests_probe_id_fkey" FOREIGN KEY ("probe_id") REFERENCES "probes" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "probe_tests_probe_id_expires_at_idx" ON "probe_tests"("probe_id", "expires_at");

-- CreateIndex
CREATE INDEX "probe_tests_expires_at_idx" ON "probe_tests"("expires_at");

