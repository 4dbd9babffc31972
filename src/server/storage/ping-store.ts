export type { AppliedEvent, RunEvent } from "../domain/run-event-plan";
import type { RunEvent } from "../domain/run-event-plan";

export type RunEventResult =
  | { outcome: "not_found" }
  | { outcome: "rate_limited"; retryAfterSeconds: number }
  | { outcome: "accepted"; monitorId: number; rid: string | null; runStatus: string | null; state: string };

/**
 * Where run events are recorded: a short write transaction of a few raw statements per event (the
 * hot path never chains ORM calls). One implementation per engine, with the same contract:
 * `storage/sqlite/ping-store.ts` and `storage/postgres/ping-store.ts` (chosen in `connection.ts`).
 */
export interface PingStore {
  /** Settles once the event is committed (or refused); never before. */
  record(event: RunEvent): Promise<RunEventResult>;
}
