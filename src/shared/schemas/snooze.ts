import { storable } from "./text";
import { z } from "zod";
import { idParam } from "./common";

/** The longest snooze: 30 days (a longer silence is a pause). */
export const MAX_SNOOZE_MINUTES = 30 * 24 * 60;

/**
 * `POST /cron-monitors/{id}/snooze`, `POST /services/{id}/snooze`: exactly one of `until` (an
 * instant in the next 30 days) or `minutes` (1 to 43,200). Snoozing again replaces the end.
 */
export const snoozeInput = z
  .object({
    id: idParam,
    until: z.iso
      .datetime({ offset: true })
      .check(storable)
      .optional()
      .describe("ISO 8601 instant the snooze ends (within the next 30 days)"),
    minutes: z
      .number()
      .int()
      .min(1)
      .max(MAX_SNOOZE_MINUTES)
      .optional()
      .describe("Snooze for this many minutes from now (1 to 43200)"),
  })
  .superRefine((v, ctx) => {
    if ((v.until === undefined) === (v.minutes === undefined)) {
      ctx.addIssue({ code: "custom", path: ["until"], message: "Give exactly one of until or minutes" });
    }
  });
export type SnoozeInput = z.infer<typeof snoozeInput>;

export const snoozeIdInput = z.object({ id: idParam });
