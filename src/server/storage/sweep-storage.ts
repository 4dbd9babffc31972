import type { NextDeadline } from "./next-deadline";
import type { Sweeper } from "./sweeper";
import type { SqlRunner } from "./runner";

/**
 * What a sweeper process works through, on the configured engine: its sweeper, the next deadline,
 * the delivery's SQL, and a watch that calls back when other processes commit outbox rows
 * (PostgreSQL: LISTEN/NOTIFY; SQLite: a 250 ms poll). Opened by storage/engine.ts (`sweepStorage`).
 */
export type SweepStorage = {
  sweeper: Sweeper;
  nextDeadline: NextDeadline;
  sql: SqlRunner;
  watchOutbox(onNew: () => void): { close(): Promise<void> };
  close(): Promise<void>;
};
