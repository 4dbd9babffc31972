import { z } from "zod";
import { text } from "./text";
import { timestamp, id } from "./common";

/** Status badges (docs/api-status-pages.md, "Badges"). */
/** What a badge may show: every state, or up/down only (late shows as up). */
export const BADGE_STATES = ["all", "up_down"] as const;
export type BadgeStates = (typeof BADGE_STATES)[number];

export const createBadgeInput = z
  .object({
    cron_monitor_id: id().optional(),
    service_id: id().optional(),
    project_id: id().optional(),
    label: text().trim().min(1).max(64).optional().describe("The badge's left text; default: the object's name"),
    states: z.enum(BADGE_STATES).optional().describe("all (default): up, late, down; up_down: late shows as up"),
  })
  .strict();
export type CreateBadgeInput = z.infer<typeof createBadgeInput>;

export const badge = z.object({
  id: z.number().int(),
  label: z.string(),
  states: z.enum(BADGE_STATES),
  target: z.object({ type: z.enum(["cron_monitor", "service", "project"]), id: z.number().int() }),
  urls: z.object({
    svg: z.string().describe("up / late / down (unknown: no data yet), cacheable 60 s"),
    json: z.string().describe("{status, label, uptime_30d}"),
    shields: z.string().describe("A shields.io endpoint document"),
  }),
  date_created: timestamp,
});
export type BadgeView = z.infer<typeof badge>;
