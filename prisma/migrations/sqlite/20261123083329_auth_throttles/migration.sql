-- CreateTable
CREATE TABLE "auth_throttles" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "failures" INTEGER NOT NULL,
    "window_start" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "auth_throttles_window_start_idx" ON "auth_throttles"("window_start");

