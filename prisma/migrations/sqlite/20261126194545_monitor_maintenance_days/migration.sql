-- CreateTable
CREATE TABLE "monitor_maintenance_days" (
    "cron_monitor_id" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "minutes" TEXT NOT NULL,

    PRIMARY KEY ("cron_monitor_id", "day"),
    CONSTRAINT "monitor_maintenance_days_cron_monitor_id_fkey" FOREIGN KEY ("cron_monitor_id") REFERENCES "cron_monitors" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

