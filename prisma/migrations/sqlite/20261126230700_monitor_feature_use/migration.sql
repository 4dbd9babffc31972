-- What a cron monitor uses of the features that may hold its notifications (domain/feature-use.ts),
-- kept by the writes of windows, targets, projects and dependencies (storage/feature-use.ts). Added
-- in place (a rebuilt table would lose the expression index cron_monitors_sweep_deadline_idx).
ALTER TABLE "cron_monitors" ADD COLUMN "uses_maintenance" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "cron_monitors" ADD COLUMN "uses_dependencies" BOOLEAN NOT NULL DEFAULT false;

-- Backfill: a window of the monitor's organization naming it or its project whose stored run ends
-- later than now; a parent edge.
UPDATE "cron_monitors" SET
  "uses_maintenance" = EXISTS (SELECT 1 FROM "maintenance_targets" t JOIN "maintenance_windows" w ON w."id" = t."window_id"
    WHERE (t."cron_monitor_id" = "cron_monitors"."id" OR t."project_id" = "cron_monitors"."project_id")
      AND w."org_id" = "cron_monitors"."org_id" AND julianday(w."current_ends_at") > julianday('now')),
  "uses_dependencies" = EXISTS (SELECT 1 FROM "dependencies" d WHERE d."child_cron_monitor_id" = "cron_monitors"."id")
WHERE EXISTS (SELECT 1 FROM "maintenance_targets" t
    WHERE t."cron_monitor_id" = "cron_monitors"."id" OR t."project_id" = "cron_monitors"."project_id")
  OR EXISTS (SELECT 1 FROM "dependencies" d WHERE d."child_cron_monitor_id" = "cron_monitors"."id");
