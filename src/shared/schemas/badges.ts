import { z } from "zod";
import { text } from "./text";
import { timestamp, id } from "./common";

/** Status badges (docs/api-status-pages.md, "Badges"). */
export const createBadgeInput = z
  .object({
    cron_monitor_id: id().optional(),
    service_id: id().optional(),
    project_id: id().optional(),
    label: text().trim().min(1).max(64).optional().describe("The badge's left text; default: the object's name"),
  })
  .strict();
export type CreateBadgeInput = z.infer<typeof createBadgeInput>;

export const badge = z.object({
  id: z.number().int(),
  label: z.string(),
  target: z.object({ type: z.enum(["cron_monitor", "service", "project"]), id: z.number().int() }),
  urls: z.object({
    svg: z.string().describe("up / late / down (unknown: no data yet), cacheable 60 s"),
    json: z.string().describe("{status, label, uptime_30d}"),
    shields: z.string().describe("A shields.io endpoint document"),
  }),
  date_created: timestamp,
});
export type BadgeView = z.infer<typeof badge>;
