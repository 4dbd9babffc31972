import { z } from "zod";

/** The kinds of object that hold an edge, and of edge (docs/architecture.md, "What leaves with a member"). */
export const EDGE_OBJECT_TYPES = ["cron_monitor", "service", "status_page", "maintenance_window", "badge"] as const;

/** One edge an object of the organization lost because its other end left the organization or was deleted. */
export const edgeRemoval = z.object({
  id: z.number().int(),
  object_type: z.enum(EDGE_OBJECT_TYPES),
  object_id: z.number().int(),
  edge: z.enum(["depends_on", "status_page_component", "maintenance_target", "badge_target", "project", "integration"]),
  target_type: z.enum(["service", "cron_monitor", "project", "integration"]),
  target_id: z.number().int(),
  reason: z.string(),
  removed_at: z.string(),
});
export type EdgeRemovalView = z.infer<typeof edgeRemoval>;
