import type { IncidentPlan } from "../domain/incidents";
import type { DueMonitorRow, RunningRunRow } from "../domain/sweep-plan";
import type { WorkerState } from "../domain/workers";
import type { SweepCounts } from "../../shared/sweep-counts";
import type { NextDeadline } from "./next-deadline";
import type { SqlAccess, SqlRunner } from "./runner";

/** What a sweep recorded under `system_status.sweep` (read by `GET /api/v1/status`) and logged. */
export type SweepReport = { at: string; now: string; duration_ms: number; counts: SweepCounts };

/** What the check rollups are given to decide with (domain/check-metrics.ts); instants in ms. */
export type RollupRules = {
  /** How long one sweep keeps rolling up spans. */
  budgetMs: number;
  parseWatermark(value: string | null | undefined): { through: number; at: number } | null;
  /** Where the next span starts, after the watermark; null: nothing to roll up. */
  start(now: number, watermark: { through: number; at: number } | null): number | null;
  span(now: number, start: number, firstResult: number | null): { from: number; to: number };
  /** Whether closed hours remain after `through`. */
  more(through: number, now: number): boolean;
  /** Raw results before this are deleted (never ones not rolled up yet); null: none. */
  rawDeleteCutoff(now: number, through: number | null): number | null;
  rollupDeleteCutoff(now: number): number;
};

/**
 * Where the next page of due monitors starts: after this (sweep deadline, id). The deadline is the
 * engine's value of its sweep-deadline expression (a Julian day number on SQLite, a timestamp as text
 * on PostgreSQL), handed back as it was read.
 */
export type DueKeyset = { deadline: number | string; id: number };

/** The keyset after a page of due rows as an engine read them (each with its `sweep_deadline`); null: none. */
export function keysetAfter(rows: { id: number; sweep_deadline: number | string }[]): DueKeyset | null {
  const last = rows[rows.length - 1];
  return last ? { deadline: last.sweep_deadline, id: last.id } : null;
}

/**
 * What the sweep decided for one due monitor (sweep/due-monitors.ts): `late`, or `down` with the
 * missed runs to record and the incident plan of domain/incidents.ts to execute (its opening's
 * `notify` and `held` as the domain decided them). `expectedAt` is the expected time the sweep read:
 * the compare-and-swap of an engine that did not lock the row repeats it.
 */
export type DueChange =
  | { kind: "late"; id: number; expectedAt: string }
  | {
      kind: "down";
      id: number;
      orgId: number;
      expectedAt: string;
      nextExpectedAt: Date;
      missedRuns: { startedAt: Date; source: string }[];
      incidents: IncidentPlan;
      /** The monitor's `run_rules_state` after the missed runs (domain/run-rules.ts; as read when it has no rules). */
      rulesState: string | null;
    };

/** What the sweep decided for one run past its limit (sweep/overrunning-runs.ts): flag it, take its monitor down, execute the plan. */
export type OverrunChange = { runId: number; monitorId: number; orgId: number; incidents: IncidentPlan };

/** Tables the retention deletes from in batches, besides runs and their logs. */
export type RetainedTable = "outbox" | "deliveries" | "subscriber_mails";

/**
 * An engine's statements for a sweep (storage/sqlite/sweep-steps.ts, storage/postgres/sweep-steps.ts).
 * The sweep itself (which steps, in which order, the page loop, what is decided of each row) is the
 * sweep room's (sweep/sweeper.ts and the step modules beside it), the same on both engines; an
 * engine only reads and writes what it is handed, in its transactions, and counts what its writes
 * did (`SweepCounts` of its own, added to the sweep's once committed). Every write is safe with any
 * number of sweepers at once over one database (compare-and-swap or row locks).
 */
export type SweepSteps = {
  /** Reads outside any transaction. */
  sql: SqlRunner;
  /** Multi-statement work: write transactions (SQLite: `BEGIN IMMEDIATE` on the sweeper's connection). */
  access: SqlAccess;
  /**
   * One page of at most `limit` armed, unfolded monitors whose sweep deadline passed by `now` (the
   * expected time of a new or up one, the end of its grace for a late or down one: the instant the
   * sweep has work for it, as the index `cron_monitors_sweep_deadline_idx` holds it), in (deadline,
   * id) order after `after`, and the changes `decide` makes of it written in one write transaction
   * (SQLite: read first, then compare-and-swap updates; PostgreSQL: the page claimed `FOR UPDATE SKIP
   * LOCKED` in the same transaction, which may run again after a deadlock, and `decide` with it).
   * `rows` is the page read; `after`, the keyset after its last row (null: the page was empty).
   */
  duePage(
    now: Date,
    after: DueKeyset | null,
    limit: number,
    decide: (rows: DueMonitorRow[]) => DueChange[],
  ): Promise<{ rows: DueMonitorRow[]; applied: SweepCounts; after: DueKeyset | null }>;
  /** Runs still `running` and not yet flagged, and the changes `decide` makes of them in one write transaction. */
  overrunningRuns(now: Date, decide: (runs: RunningRunRow[]) => OverrunChange[]): Promise<SweepCounts>;
  /** One batch of at most `limit` runs started before `cutoff` and their logs deleted, in a write transaction. */
  deleteOldRuns(cutoff: Date, limit: number): Promise<{ runs: number; logs: number }>;
  /** One batch of at most `limit` rows of `table` older than `cutoff` deleted; how many. */
  deleteOld(table: RetainedTable, cutoff: Date, limit: number): Promise<number>;
  /** One batch of audit entries older than `cutoff` of organizations on `plans` (`except`: on any other plan) deleted; how many. */
  deleteOldAudit(plans: string[], except: boolean, cutoff: Date, limit: number): Promise<number>;
  /**
   * One span of check results rolled up with the watermark it moves, in one transaction, as `rules`
   * place it (PostgreSQL: one sweeper at a time, the others find `more: false`); `rows`: rollup rows written.
   */
  rollUpSpan(now: number, rules: RollupRules): Promise<{ through: number | null; more: boolean; rows: number }>;
  /** One batch of raw check results (or of rollups) before `cutoff` deleted; how many. */
  deleteCheckResults(cutoff: number, limit: number): Promise<number>;
  deleteCheckRollups(cutoff: number, limit: number): Promise<number>;
  /** Records the report under `system_status.sweep`. */
  recordReport(report: SweepReport): Promise<void>;
};

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
 * What a sweeper process works through, on the configured engine: its sweep steps, the next
 * deadline, the delivery's SQL, a watch that calls back when other processes commit outbox rows
 * (PostgreSQL: LISTEN/NOTIFY; SQLite: a 250 ms poll), and on SQLite the WAL checkpointer (null on
 * PostgreSQL, which has no WAL for us to copy back). Opened by storage/engine.ts (`sweepStorage`).
 */
export type SweepStorage = {
  steps: SweepSteps;
  nextDeadline: NextDeadline;
  sql: SqlRunner;
  watchOutbox(onNew: () => void): { close(): Promise<void> };
  checkpointer: WalCheckpointer | null;
  close(): Promise<void>;
};
