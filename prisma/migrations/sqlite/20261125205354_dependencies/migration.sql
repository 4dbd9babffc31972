-- CreateTable
CREATE TABLE "dependencies" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "org_id" INTEGER NOT NULL,
    "child_cron_monitor_id" INTEGER,
    "child_service_id" INTEGER,
    "parent_cron_monitor_id" INTEGER,
    "parent_service_id" INTEGER,
    CONSTRAINT "dependencies_child_cron_monitor_id_fkey" FOREIGN KEY ("child_cron_monitor_id") REFERENCES "cron_monitors" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "dependencies_child_service_id_fkey" FOREIGN KEY ("child_service_id") REFERENCES "services" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "dependencies_parent_cron_monitor_id_fkey" FOREIGN KEY ("parent_cron_monitor_id") REFERENCES "cron_monitors" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "dependencies_parent_service_id_fkey" FOREIGN KEY ("parent_service_id") REFERENCES "services" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (a column added in place: a rebuild of incidents would drop its partial unique indexes)
ALTER TABLE "incidents" ADD COLUMN "parent_incident_id" INTEGER REFERENCES "incidents" ("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "incidents_parent_incident_id_idx" ON "incidents"("parent_incident_id");

-- CreateIndex
CREATE INDEX "dependencies_child_cron_monitor_id_idx" ON "dependencies"("child_cron_monitor_id");

-- CreateIndex
CREATE INDEX "dependencies_child_service_id_idx" ON "dependencies"("child_service_id");

-- CreateIndex
CREATE INDEX "dependencies_parent_cron_monitor_id_idx" ON "dependencies"("parent_cron_monitor_id");

-- CreateIndex
CREATE INDEX "dependencies_parent_service_id_idx" ON "dependencies"("parent_service_id");

-- CreateIndex
CREATE INDEX "dependencies_org_id_idx" ON "dependencies"("org_id");

