// Human-readable schedule text.

import cronstrue from "cronstrue";
import { compileCron } from "./cron";
import { describePeriod } from "./period";
import type { Schedule } from "./types";

/** cronstrue text for cron (macros described by their expansion), "Every 2 hours" style for periods. */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.kind === "period") return describePeriod(schedule.periodSeconds);
  const spec = compileCron(schedule.expression);
  try {
    return cronstrue.toString(spec.fiveField, { use24HourTimeFormat: true, verbose: false });
  } catch {
    return spec.expression; // cronstrue is stricter than crontab in a few corners; never fail on a valid schedule
  }
}
