-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "auth_throttles";
PRAGMA foreign_keys=on;

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "hits" INTEGER NOT NULL,
    "window_end" BIGINT NOT NULL
);

-- CreateIndex
CREATE INDEX "rate_limits_window_end_idx" ON "rate_limits"("window_end");

