-- CreateTable
CREATE TABLE "edge_removals" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "org_id" INTEGER NOT NULL,
    "object_type" TEXT NOT NULL,
    "object_id" INTEGER NOT NULL,
    "edge" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    CONSTRAINT "edge_removals_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "edge_removals_org_id_object_type_object_id_idx" ON "edge_removals"("org_id", "object_type", "object_id");


-- Edges left across organizations before this migration (docs/architecture.md, "What leaves with a
-- member"), recorded on the object that held them, then cut: a parent service whose incidents live
-- in another organization than the edge's, and components and maintenance targets naming a service
-- whose owner is not a member of the page's or window's organization.
INSERT INTO "edge_removals" ("org_id", "object_type", "object_id", "edge", "target_type", "target_id", "reason", "created_at")
SELECT d."org_id",
       CASE WHEN d."child_cron_monitor_id" IS NOT NULL THEN 'cron_monitor' ELSE 'service' END,
       COALESCE(d."child_cron_monitor_id", d."child_service_id"), 'depends_on', 'service', d."parent_service_id",
       'The service belongs to another organization', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM "dependencies" d JOIN "services" s ON s."id" = d."parent_service_id" JOIN "users" u ON u."id" = s."user_id"
WHERE u."default_org_id" IS NULL OR u."default_org_id" <> d."org_id";
DELETE FROM "dependencies" WHERE "id" IN (
  SELECT d."id" FROM "dependencies" d JOIN "services" s ON s."id" = d."parent_service_id" JOIN "users" u ON u."id" = s."user_id"
  WHERE u."default_org_id" IS NULL OR u."default_org_id" <> d."org_id");

INSERT INTO "edge_removals" ("org_id", "object_type", "object_id", "edge", "target_type", "target_id", "reason", "created_at")
SELECT p."org_id", 'status_page', p."id", 'status_page_component', 'service', c."service_id",
       'Its owner is not a member of the organization', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM "status_page_components" c JOIN "status_pages" p ON p."id" = c."page_id" JOIN "services" s ON s."id" = c."service_id"
WHERE NOT EXISTS (SELECT 1 FROM "memberships" mb WHERE mb."user_id" = s."user_id" AND mb."org_id" = p."org_id");
DELETE FROM "status_page_components" WHERE "id" IN (
  SELECT c."id" FROM "status_page_components" c JOIN "status_pages" p ON p."id" = c."page_id" JOIN "services" s ON s."id" = c."service_id"
  WHERE NOT EXISTS (SELECT 1 FROM "memberships" mb WHERE mb."user_id" = s."user_id" AND mb."org_id" = p."org_id"));

INSERT INTO "edge_removals" ("org_id", "object_type", "object_id", "edge", "target_type", "target_id", "reason", "created_at")
SELECT w."org_id", 'maintenance_window', w."id", 'maintenance_target', 'service', t."service_id",
       'Its owner is not a member of the organization', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM "maintenance_targets" t JOIN "maintenance_windows" w ON w."id" = t."window_id" JOIN "services" s ON s."id" = t."service_id"
WHERE NOT EXISTS (SELECT 1 FROM "memberships" mb WHERE mb."user_id" = s."user_id" AND mb."org_id" = w."org_id");
DELETE FROM "maintenance_targets" WHERE "id" IN (
  SELECT t."id" FROM "maintenance_targets" t JOIN "maintenance_windows" w ON w."id" = t."window_id" JOIN "services" s ON s."id" = t."service_id"
  WHERE NOT EXISTS (SELECT 1 FROM "memberships" mb WHERE mb."user_id" = s."user_id" AND mb."org_id" = w."org_id"));
