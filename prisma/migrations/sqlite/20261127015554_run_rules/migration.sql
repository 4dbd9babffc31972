-- AlterTable
ALTER TABLE "cron_monitors" ADD COLUMN "run_rules" TEXT;
ALTER TABLE "cron_monitors" ADD COLUMN "run_rules_state" TEXT;
ALTER TABLE "cron_monitors" ADD COLUMN "runs_due_at" DATETIME;

-- AlterTable
ALTER TABLE "cron_runs" ADD COLUMN "flag" TEXT;
ALTER TABLE "cron_runs" ADD COLUMN "flag_detail" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_services" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "user_id" INTEGER NOT NULL,
    "project_id" INTEGER,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "interval" INTEGER NOT NULL,
    "config" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    "degraded_ms" INTEGER,
    "status_since" DATETIME,
    "status_reason" TEXT,
    "snoozed_until" DATETIME,
    "failure_threshold" INTEGER NOT NULL DEFAULT 2,
    "recovery_threshold" INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT "services_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "services_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_services" ("config", "created_at", "degraded_ms", "enabled", "id", "interval", "name", "project_id", "snoozed_until", "status", "status_reason", "status_since", "type", "updated_at", "user_id") SELECT "config", "created_at", "degraded_ms", "enabled", "id", "interval", "name", "project_id", "snoozed_until", "status", "status_reason", "status_since", "type", "updated_at", "user_id" FROM "services";
DROP TABLE "services";
ALTER TABLE "new_services" RENAME TO "services";
CREATE INDEX "services_user_id_project_id_idx" ON "services"("user_id", "project_id");
CREATE INDEX "services_project_id_idx" ON "services"("project_id");
CREATE TABLE "new_service_lanes" (
    "service_id" INTEGER NOT NULL,
    "lane" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL DEFAULT 0,
    "due_at" DATETIME NOT NULL,
    "leasable_at" DATETIME,
    "leased_by" INTEGER,
    "outcome" TEXT,
    "reason" TEXT,
    "response_time_ms" REAL,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "consecutive_successes" INTEGER NOT NULL DEFAULT 0,
    "result_at" DATETIME,

    PRIMARY KEY ("service_id", "lane"),
    CONSTRAINT "service_lanes_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_service_lanes" ("consecutive_failures", "due_at", "lane", "leasable_at", "leased_by", "outcome", "reason", "response_time_ms", "result_at", "service_id", "slot") SELECT "consecutive_failures", "due_at", "lane", "leasable_at", "leased_by", "outcome", "reason", "response_time_ms", "result_at", "service_id", "slot" FROM "service_lanes";
DROP TABLE "service_lanes";
ALTER TABLE "new_service_lanes" RENAME TO "service_lanes";
CREATE INDEX "service_lanes_lane_leasable_at_idx" ON "service_lanes"("lane", "leasable_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "cron_monitors_runs_due_at_idx" ON "cron_monitors"("runs_due_at");

