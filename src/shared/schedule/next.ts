// Next fire times for either kind of schedule.

import { compileCron } from "./cron";
import { cronFireTimes } from "./fire";
import { periodFireTimes } from "./period";
import type { Schedule } from "./types";
import { assertTimeZone } from "./zone";

/** Compiled expressions, memoized: the ping path re-arms a monitor on every completion. */
const compiled = new Map<string, ReturnType<typeof compileCron>>();
function compileCached(expression: string) {
  let spec = compiled.get(expression);
  if (!spec) {
    spec = compileCron(expression);
    if (compiled.size >= 1000) compiled.delete(compiled.keys().next().value!);
    compiled.set(expression, spec);
  }
  return spec;
}

/** The first `count` fire times strictly after `from`. Throws ScheduleError for an invalid schedule. */
export function nextFireTimes(schedule: Schedule, from: Date, count: number): Date[] {
  if (Number.isNaN(from.getTime())) throw new RangeError("from must be a valid Date");
  count = Math.floor(count);
  if (schedule.kind === "period") return periodFireTimes(schedule.periodSeconds, from, count);
  assertTimeZone(schedule.timezone, null);
  return cronFireTimes(compileCached(schedule.expression), schedule.timezone, from, count);
}

export function nextFireAfter(schedule: Schedule, from: Date): Date {
  const [next] = nextFireTimes(schedule, from, 1);
  if (!next) throw new Error("schedule produced no fire time"); // unreachable for a valid schedule
  return next;
}
