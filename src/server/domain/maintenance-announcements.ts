import type { Occurrence } from "./maintenance";

/**
 * What a sweep announces of a window's stored run at `now`, pure (docs/api-maintenance.md): its start
 * once it has started, if nothing of it was announced yet and it has not ended (a run that began and
 * ended between two sweeps, or a window written after its run ended, is announced neither); its end
 * once it has ended, if its start was announced. `phase`: what was announced (0 nothing, 1 the start,
 * 2 the end); each announcement moves it from `from` to `phase`. A run seen for the first time after
 * it ended is not announced at all, so every `maintenance.ended` follows its `maintenance.started`.
 */
export type MaintenanceEvent = "maintenance.started" | "maintenance.ended";

export function announcementsDue(
  phase: number,
  run: Occurrence,
  now: Date,
): { event: MaintenanceEvent; from: number; phase: number }[] {
  const started = run.start.getTime() <= now.getTime();
  const ended = run.end.getTime() <= now.getTime();
  if (phase === 0 && started && !ended) return [{ event: "maintenance.started", from: 0, phase: 1 }];
  if (phase === 1 && ended) return [{ event: "maintenance.ended", from: 1, phase: 2 }];
  return [];
}
