-- AlterTable
ALTER TABLE "incidents" ADD COLUMN     "parent_incident_id" INTEGER;

-- CreateTable
CREATE TABLE "dependencies" (
    "id" SERIAL NOT NULL,
    "org_id" INTEGER NOT NULL,
    "child_cron_monitor_id" INTEGER,
    "child_service_id" INTEGER,
    "parent_cron_monitor_id" INTEGER,
    "parent_service_id" INTEGER,

    CONSTRAINT "dependencies_pkey" PRIMARY KEY ("id")
);

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

-- CreateIndex
CREATE INDEX "incidents_parent_incident_id_idx" ON "incidents"("parent_incident_id");

-- AddForeignKey
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_parent_incident_id_fkey" FOREIGN KEY ("parent_incident_id") REFERENCES "incidents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dependencies" ADD CONSTRAINT "dependencies_child_cron_monitor_id_fkey" FOREIGN KEY ("child_cron_monitor_id") REFERENCES "cron_monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dependencies" ADD CONSTRAINT "dependencies_child_service_id_fkey" FOREIGN KEY ("child_service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dependencies" ADD CONSTRAINT "dependencies_parent_cron_monitor_id_fkey" FOREIGN KEY ("parent_cron_monitor_id") REFERENCES "cron_monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dependencies" ADD CONSTRAINT "dependencies_parent_service_id_fkey" FOREIGN KEY ("parent_service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

