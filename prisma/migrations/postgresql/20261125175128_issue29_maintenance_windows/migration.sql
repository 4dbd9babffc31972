-- CreateTable
CREATE TABLE "maintenance_windows" (
    "id" SERIAL NOT NULL,
    "org_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "schedule" TEXT,
    "timezone" TEXT,
    "duration_minutes" INTEGER,
    "current_starts_at" TIMESTAMP(3),
    "current_ends_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "maintenance_windows_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "maintenance_targets" (
    "id" SERIAL NOT NULL,
    "window_id" INTEGER NOT NULL,
    "cron_monitor_id" INTEGER,
    "service_id" INTEGER,
    "project_id" INTEGER,

    CONSTRAINT "maintenance_targets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "maintenance_windows_org_id_id_idx" ON "maintenance_windows"("org_id", "id");

-- CreateIndex
CREATE INDEX "maintenance_windows_current_ends_at_idx" ON "maintenance_windows"("current_ends_at");

-- CreateIndex
CREATE INDEX "maintenance_targets_window_id_idx" ON "maintenance_targets"("window_id");

-- CreateIndex
CREATE INDEX "maintenance_targets_cron_monitor_id_idx" ON "maintenance_targets"("cron_monitor_id");

-- CreateIndex
CREATE INDEX "maintenance_targets_service_id_idx" ON "maintenance_targets"("service_id");

-- CreateIndex
CREATE INDEX "maintenance_targets_project_id_idx" ON "maintenance_targets"("project_id");

-- AddForeignKey
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "maintenance_targets" ADD CONSTRAINT "maintenance_targets_window_id_fkey" FOREIGN KEY ("window_id") REFERENCES "maintenance_windows"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "maintenance_targets" ADD CONSTRAINT "maintenance_targets_cron_monitor_id_fkey" FOREIGN KEY ("cron_monitor_id") REFERENCES "cron_monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "maintenance_targets" ADD CONSTRAINT "maintenance_targets_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "maintenance_targets" ADD CONSTRAINT "maintenance_targets_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

