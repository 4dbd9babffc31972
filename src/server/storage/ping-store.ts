import type { PingKind } from "../domain/ping-request";

/** One inbound run event: a public ping, or a reported event (`POST /cron-monitors/{id}/events`). */
export type RunEvent = {
  target: { token: string } | { monitorId: number; orgId: number };
  kind: PingKind;
  exitCode: number | null;
  /** The run-correlation id sent by the job, or null (the server synthesizes one). */
  rid: string | null;
  /** The captured log (already capped) of a POST body or a reported `log`; for `/log`, the note. */
  log: { text: string; bytes: number; truncated: boolean } | null;
  source: "shell" | "kubernetes" | "api";
  meta: Record<string, unknown> | null;
  /** Public pings obey the 5-per-minute cap; authenticated reported events do not. */
  rateCapped: boolean;
  now: Date;
};

/** What recording one event did to its run: both engines' stores work from this to the monitor's state. */
export type AppliedEvent = {
  rid: string | null;
  runId: number | null;
  runStatus: string | null;
  completion: "success" | "fail" | null;
  /** A repeat of a start or completion already recorded: changes no run or state. */
  duplicate: boolean;
  drifted: boolean;
  /** The monitor's new monitor-level events (a `/log` with no run yet). */
  unattachedEvents?: string;
};

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
