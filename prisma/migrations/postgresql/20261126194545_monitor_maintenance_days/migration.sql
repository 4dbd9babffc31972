-- CreateTable
CREATE TABLE "monitor_maintenance_days" (
    "cron_monitor_id" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "minutes" TEXT NOT NULL,

    CONSTRAINT "monitor_maintenance_days_pkey" PRIMARY KEY ("cron_monitor_id","day")
);

-- AddForeignKey
ALTER TABLE "monitor_maintenance_days" ADD CONSTRAINT "monitor_maintenance_days_cron_monitor_id_fkey" FOREIGN KEY ("cron_monitor_id") REFERENCES "cron_monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

