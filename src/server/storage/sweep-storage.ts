import type { IncidentRules } from "../domain/incidents";
import type { DueMonitorRow, Plan, RunningRunRow } from "../domain/sweep-plan";
import type { WorkerState } from "../domain/workers";
import type { SweepCounts } from "../../shared/sweep-counts";
import type { NextDeadline } from "./next-deadline";
import type { SqlAccess, SqlRunner } from "./runner";

/** What a sweep recorded under `system_status.sweep` (read by `GET /api/v1/status`) and logged. */
export type SweepReport = { at: string; now: string; duration_ms: number; counts: SweepCounts };

/**
 * What a sweep's steps are given to decide with (sweep/rules.ts builds it from domain/): which due
 * monitors are late or down, which runs overran, the retention cutoff, and the incidents they open.
 */
export type SweepRules = {
  /** Due monitors are read and changed in pages of this many, each page one short write transaction. */
  pageSize: number;
  planDue(page: DueMonitorRow[], now: Date, counts: SweepCounts, log: (line: object) => void): Plan[];
  /** The run's limit in seconds when it has run past it at `now`, else null. */
  overrunLimit(run: RunningRunRow, now: Date): number | null;
  /** Everything older than this instant is removed by housekeeping. */
  retentionCutoff(now: Date): Date;
  incidents: IncidentRules;
  rollups: RollupRules;
};

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
 * An engine's part of a sweep (storage/sqlite/sweep-steps.ts, storage/postgres/sweep-steps.ts):
 * statements over its connection, each step executing what the `SweepRules` it was built with
 * decide; the sweep itself (which steps, in which order) is sweep/sweeper.ts's. Every step is safe
 * with any number of sweepers at once over one database (compare-and-swap or row locks).
 */
export type SweepSteps = {
  /** Reads outside any transaction. */
  sql: SqlRunner;
  /** Multi-statement work: write transactions (SQLite: `BEGIN IMMEDIATE` on the sweeper's connection). */
  access: SqlAccess;
  /** Late and missed pings: every armed, unfolded monitor whose expected time passed, page by page. */
  dueMonitors(now: Date, counts: SweepCounts): Promise<void>;
  /** Runs still `running` past their limit: flagged `timed_out` once, the monitor down, an incident. */
  overrunningRuns(now: Date, counts: SweepCounts): Promise<void>;
  /** Retention (decisions 4), in batches of short transactions. */
  housekeeping(now: Date, counts: SweepCounts): Promise<void>;
  /** Raw check results rolled up into hours, and those past their retention deleted. */
  checkRollups(now: Date, counts: SweepCounts): Promise<void>;
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
