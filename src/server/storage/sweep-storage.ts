import type { WorkerState } from "../domain/workers";
import type { NextDeadline } from "./next-deadline";
import type { Sweeper } from "./sweeper";
import type { SqlRunner } from "./runner";

/**
 * SQLite's WAL checkpoints, run by a sweeper process on its own connection (sqlite/checkpointer.ts):
 * `start` checkpoints now and then every interval (a looping sweeper), `checkpoint` once (a one-off
 * sweep); `state` goes into the sweeper's heartbeat, from which GET /status reports it.
 */
export type WalCheckpointer = {
  start(intervalMs?: number): void;
  checkpoint(): void;
  stop(): void;
  state(): WorkerState;
};

/**
 * What a sweeper process works through, on the configured engine: its sweeper, the next deadline,
 * the delivery's SQL, a watch that calls back when other processes commit outbox rows
 * (PostgreSQL: LISTEN/NOTIFY; SQLite: a 250 ms poll), and on SQLite the WAL checkpointer (null on
 * PostgreSQL, which has no WAL for us to copy back). Opened by storage/engine.ts (`sweepStorage`).
 */
export type SweepStorage = {
  sweeper: Sweeper;
  nextDeadline: NextDeadline;
  sql: SqlRunner;
  watchOutbox(onNew: () => void): { close(): Promise<void> };
  checkpointer: WalCheckpointer | null;
  close(): Promise<void>;
};
