import { z } from "zod";
import { id } from "./common";

/** `depends_on` of cron monitors and services (docs/api-maintenance.md, "Dependencies"). */
export const MAX_PARENTS = 50;

const ids = z.array(id()).max(MAX_PARENTS);

/** What a create or PATCH sends: the whole new list of parents (absent: unchanged; both empty: none). */
export const dependsOnInput = z
  .object({
    cron_monitor_ids: ids.optional().describe("Cron monitors of the same organization this object depends on"),
    service_ids: ids.optional().describe("Services of the same organization this object depends on"),
  })
  .strict()
  .describe(
    "The parents: while one has an open incident, this object's new incidents open linked to it and notify nobody until it recovers. No cycle, at most 5 levels",
  );
export type DependsOnInput = z.infer<typeof dependsOnInput>;

export const dependsOn = z
  .object({
    cron_monitor_ids: z.array(z.number().int()),
    service_ids: z.array(z.number().int()),
  })
  .describe("The parents this object depends on (`depends_on`), ids ascending");
export type DependsOn = z.infer<typeof dependsOn>;
