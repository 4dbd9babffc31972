-- DropIndex
DROP INDEX "check_leases_leased_until_idx";

-- DropIndex
DROP INDEX "check_results_service_id_slot_key";

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "service_probe_states";
PRAGMA foreign_keys=on;

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "check_leases";
PRAGMA foreign_keys=on;

-- CreateTable
CREATE TABLE "service_lanes" (
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
    "result_at" DATETIME,

    PRIMARY KEY ("service_id", "lane"),
    CONSTRAINT "service_lanes_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

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
    CONSTRAINT "services_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "services_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_services" ("config", "created_at", "degraded_ms", "enabled", "id", "interval", "name", "project_id", "status", "status_since", "type", "updated_at", "user_id") SELECT "config", "created_at", "degraded_ms", "enabled", "id", "interval", "name", "project_id", "status", "status_since", "type", "updated_at", "user_id" FROM "services";
DROP TABLE "services";
ALTER TABLE "new_services" RENAME TO "services";
CREATE INDEX "services_user_id_project_id_idx" ON "services"("user_id", "project_id");
CREATE INDEX "services_project_id_idx" ON "services"("project_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "service_lanes_lane_leasable_at_idx" ON "service_lanes"("lane", "leasable_at");


-- Existing services get their lanes (the platform pool, or each private probe they name), due now.
INSERT INTO "service_lanes" ("service_id", "lane", "due_at", "leasable_at")
SELECT s."id", COALESCE(sp."probe_id", 0), strftime('%Y-%m-%dT%H:%M:%S.000+00:00', 'now'),
       CASE WHEN s."enabled" THEN strftime('%Y-%m-%dT%H:%M:%S.000+00:00', 'now') END
FROM "services" s LEFT JOIN "service_probes" sp ON sp."service_id" = s."id";
