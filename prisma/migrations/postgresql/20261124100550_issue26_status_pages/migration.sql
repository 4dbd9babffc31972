-- CreateTable
CREATE TABLE "status_pages" (
    "id" SERIAL NOT NULL,
    "org_id" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "password_hash" TEXT,
    "custom_domain" TEXT,
    "show_uptime" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "status_pages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "status_page_components" (
    "id" SERIAL NOT NULL,
    "page_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "group_name" TEXT,
    "display_name" TEXT,
    "cron_monitor_id" INTEGER,
    "service_id" INTEGER,

    CONSTRAINT "status_page_components_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "badges" (
    "id" SERIAL NOT NULL,
    "org_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "cron_monitor_id" INTEGER,
    "service_id" INTEGER,
    "project_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "badges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "incident_updates" (
    "id" SERIAL NOT NULL,
    "incident_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "incident_updates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "status_pages_slug_key" ON "status_pages"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "status_pages_custom_domain_key" ON "status_pages"("custom_domain");

-- CreateIndex
CREATE INDEX "status_pages_org_id_idx" ON "status_pages"("org_id");

-- CreateIndex
CREATE INDEX "status_page_components_page_id_position_idx" ON "status_page_components"("page_id", "position");

-- CreateIndex
CREATE INDEX "status_page_components_cron_monitor_id_idx" ON "status_page_components"("cron_monitor_id");

-- CreateIndex
CREATE INDEX "status_page_components_service_id_idx" ON "status_page_components"("service_id");

-- CreateIndex
CREATE UNIQUE INDEX "badges_key_hash_key" ON "badges"("key_hash");

-- CreateIndex
CREATE INDEX "badges_org_id_idx" ON "badges"("org_id");

-- CreateIndex
CREATE INDEX "incident_updates_incident_id_created_at_idx" ON "incident_updates"("incident_id", "created_at");

-- AddForeignKey
ALTER TABLE "status_pages" ADD CONSTRAINT "status_pages_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "status_page_components" ADD CONSTRAINT "status_page_components_page_id_fkey" FOREIGN KEY ("page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "status_page_components" ADD CONSTRAINT "status_page_components_cron_monitor_id_fkey" FOREIGN KEY ("cron_monitor_id") REFERENCES "cron_monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "status_page_components" ADD CONSTRAINT "status_page_components_service_id_fkey" FOREIGN KEY ("service_id") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "badges" ADD CONSTRAINT "badges_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "incident_updates" ADD CONSTRAINT "incident_updates_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "incidents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

