-- DropIndex
DROP INDEX "cron_runs_monitor_id_status_idx";

-- CreateTable
CREATE TABLE "outbox" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "org_id" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "cron_monitor_id" INTEGER,
    "service_id" INTEGER,
    "incident_id" INTEGER,
    "run_id" INTEGER,
    "created_at" DATETIME NOT NULL,
    "processed_at" DATETIME
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_cron_monitors" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "org_id" INTEGER NOT NULL,
    "project_id" INTEGER,
    "name" TEXT NOT NULL,
    "icon" TEXT,
    "schedule_kind" TEXT NOT NULL,
    "period_seconds" INTEGER,
    "cron_expression" TEXT,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "grace_seconds" INTEGER NOT NULL DEFAULT 300,
    "max_runtime_seconds" INTEGER,
    "drift_pct" REAL NOT NULL DEFAULT 0.5,
    "drift_min_seconds" INTEGER NOT NULL DEFAULT 30,
    "drift_alerts" BOOLEAN NOT NULL DEFAULT true,
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "suspended" BOOLEAN NOT NULL DEFAULT false,
    "state" TEXT NOT NULL DEFAULT 'new',
    "state_since" DATETIME,
    "last_ping_at" DATETIME,
    "last_run_status" TEXT,
    "next_expected_at" DATETIME,
    "ping_token" TEXT NOT NULL,
    "integration_ids" TEXT NOT NULL DEFAULT '[]',
    "recent_pings" TEXT NOT NULL DEFAULT '',
    "unattached_events" TEXT NOT NULL DEFAULT '[]',
    "source" TEXT,
    "external_id" TEXT,
    "managed" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "cron_monitors_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "cron_monitors_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_cron_monitors" ("created_at", "cron_expression", "drift_alerts", "drift_min_seconds", "drift_pct", "external_id", "grace_seconds", "icon", "id", "integration_ids", "last_ping_at", "last_run_status", "managed", "max_runtime_seconds", "name", "next_expected_at", "org_id", "paused", "period_seconds", "ping_token", "project_id", "schedule_kind", "source", "state", "state_since", "suspended", "timezone", "updated_at") SELECT "created_at", "cron_expression", "drift_alerts", "drift_min_seconds", "drift_pct", "external_id", "grace_seconds", "icon", "id", "integration_ids", "last_ping_at", "last_run_status", "managed", "max_runtime_seconds", "name", "next_expected_at", "org_id", "paused", "period_seconds", "ping_token", "project_id", "schedule_kind", "source", "state", "state_since", "suspended", "timezone", "updated_at" FROM "cron_monitors";
DROP TABLE "cron_monitors";
ALTER TABLE "new_cron_monitors" RENAME TO "cron_monitors";
CREATE UNIQUE INDEX "cron_monitors_ping_token_key" ON "cron_monitors"("ping_token");
CREATE INDEX "cron_monitors_org_id_state_idx" ON "cron_monitors"("org_id", "state");
CREATE INDEX "cron_monitors_org_id_project_id_idx" ON "cron_monitors"("org_id", "project_id");
CREATE INDEX "cron_monitors_next_expected_at_idx" ON "cron_monitors"("next_expected_at");
CREATE UNIQUE INDEX "cron_monitors_org_id_source_external_id_key" ON "cron_monitors"("org_id", "source", "external_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "outbox_processed_at_id_idx" ON "outbox"("processed_at", "id");

-- CreateIndex
CREATE INDEX "cron_runs_monitor_id_status_finished_at_idx" ON "cron_runs"("monitor_id", "status", "finished_at");

-- CreateIndex
CREATE INDEX "cron_runs_status_started_at_idx" ON "cron_runs"("status", "started_at");


-- At most one open incident per cron monitor and per service (decisions 3). Partial unique indexes
-- are written by hand: the schema language cannot express them.
CREATE UNIQUE INDEX "incidents_one_open_per_monitor" ON "incidents"("cron_monitor_id") WHERE "status" = 'open' AND "cron_monitor_id" IS NOT NULL;
CREATE UNIQUE INDEX "incidents_one_open_per_service" ON "incidents"("service_id") WHERE "status" = 'open' AND "service_id" IS NOT NULL;
