import { nextFireAfter, type Schedule } from "../../shared/schedule";

/** Cron monitor states (spec 3, decisions 3). `paused` is only ever the folded display value. */
export type MonitorState = "new" | "up" | "late" | "down";
export type DisplayState = MonitorState | "paused";
export type RunStatus = "running" | "success" | "fail" | "missed";

export function displayState(state: string, paused: boolean, suspended: boolean): DisplayState {
  return paused || suspended ? "paused" : (state as MonitorState);
}

export function scheduleOf(m: {
  scheduleKind: string;
  cronExpression: string | null;
  timezone: string;
  periodSeconds: number | null;
}): Schedule {
  return m.scheduleKind === "period"
    ? { kind: "period", periodSeconds: m.periodSeconds! }
    : { kind: "cron", expression: m.cronExpression!, timezone: m.timezone };
}

/** Arming and re-arming: the next expected ping after `now` (cron: in the zone; period: now + period). */
export function nextExpectedAt(schedule: Schedule, now: Date): Date {
  return nextFireAfter(schedule, now);
}

/**
 * What a ping does to the monitor. A completion sets the state (success: up, fail: down) and
 * re-arms; a start or log only arms a monitor that was never armed.
 */
export function stateAfterPing(
  current: { state: string; nextExpectedAt: Date | null },
  completion: "success" | "fail" | null,
  schedule: Schedule,
  now: Date,
): { state: string; nextExpectedAt: Date | null; changed: boolean } {
  if (completion) {
    const state = completion === "success" ? "up" : "down";
    return { state, nextExpectedAt: nextExpectedAt(schedule, now), changed: state !== current.state };
  }
  if (current.nextExpectedAt === null) return { state: current.state, nextExpectedAt: nextExpectedAt(schedule, now), changed: false };
  return { state: current.state, nextExpectedAt: current.nextExpectedAt, changed: false };
}
