// Human-readable schedule text.

import cronstrue from "cronstrue";
import { compileCron } from "./cron";
import { describePeriod } from "./period";
import type { Schedule } from "./types";

/** Texts already made, per cron expression (the text does not depend on the zone). Bounded. */
const cronTexts = new Map<string, string>();
const MAX_CACHED_TEXTS = 1000;

/** cronstrue text for cron (macros described by their expansion), "Every 2 hours" style for periods. */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.kind === "period") return describePeriod(schedule.periodSeconds);
  const known = cronTexts.get(schedule.expression);
  if (known !== undefined) return known;
  const text = describeCron(schedule.expression);
  if (cronTexts.size >= MAX_CACHED_TEXTS) cronTexts.delete(cronTexts.keys().next().value!);
  cronTexts.set(schedule.expression, text);
  return text;
}

function describeCron(expression: string): string {
  const spec = compileCron(expression);
  try {
    return cronstrue.toString(spec.fiveField, { use24HourTimeFormat: true, verbose: false });
  } catch {
    return spec.expression; // cronstrue is stricter than crontab in a few corners; never fail on a valid schedule
  }
}
