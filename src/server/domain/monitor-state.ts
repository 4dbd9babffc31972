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
  if (current.nextExpectedAt === null)
    return { state: current.state, nextExpectedAt: nextExpectedAt(schedule, now), changed: false };
  return { state: current.state, nextExpectedAt: current.nextExpectedAt, changed: false };
}

/** A monitor's row as both ping stores read it (timestamps as ISO text, flags as the engine gives them). */
export type StoredMonitor = {
  state: string;
  next_expected_at: string | null;
  paused: boolean | number;
  schedule_kind: string;
  cron_expression: string | null;
  timezone: string;
  period_seconds: number | null;
};

/**
 * The monitor after one applied event, the same on both engines' ping stores: a success resumes a
 * paused monitor, a repeat of an event already recorded changes nothing, anything else moves the
 * state by `stateAfterPing`.
 */
export function monitorAfterEvent(
  m: StoredMonitor,
  applied: { completion: "success" | "fail" | null; duplicate: boolean },
  now: Date,
): { paused: boolean; state: string; nextExpectedAt: Date | null; changed: boolean } {
  const paused = Boolean(m.paused) && applied.completion !== "success";
  const current = { state: m.state, nextExpectedAt: m.next_expected_at ? new Date(m.next_expected_at) : null };
  if (applied.duplicate) return { paused, ...current, changed: false };
  const schedule = scheduleOf({
    scheduleKind: m.schedule_kind,
    cronExpression: m.cron_expression,
    timezone: m.timezone,
    periodSeconds: m.period_seconds,
  });
  return { paused, ...stateAfterPing(current, applied.completion, schedule, now) };
}
