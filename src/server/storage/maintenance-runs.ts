import type { MaintenanceEvent } from "../domain/maintenance-announcements";
import { timeCompare, type Engine } from "./dialect";
import type { SqlRunner } from "./runner";

/**
 * The statements that move maintenance windows' runs on (the rules and their order:
 * sweep/maintenance-runs.ts), in one read when nothing is due (docs/api-maintenance.md):
 * - a run that started and was not announced: `maintenance.started` (phase 0 -> 1);
 * - a run whose start was announced and that ended: `maintenance.ended` (phase 1 -> 2);
 * - a recurring window whose run ended moves to its run going on or next (phase back to 0), in one
 *   transaction with its end's announcement (first thing in the sweep); the other announcements come
 *   after the sweep's incident work (`MovedRuns.announce`).
 * Each announcement is claimed by a compare-and-swap on `announced_phase` (and the run it read)
 * before its outbox row is written in the same transaction, so any number of sweepers announce a
 * run's start and end exactly once; the advance is a compare-and-swap on the end it read that never
 * moves a run whose start was announced and whose end was not yet.
 */
const at = (engine: Engine, column: string, op: string) => timeCompare(engine, column, op);

/**
 * Params: now, now, now. PostgreSQL can read the branches from the `current_ends_at` and
 * `(announced_phase, current_ends_at)` indexes; on SQLite `julianday()` makes it a scan of the windows.
 */
const DUE = (engine: Engine) =>
  `SELECT id, org_id, schedule, timezone, duration_minutes, current_starts_at, current_ends_at, announced_phase
   FROM maintenance_windows
   WHERE (${at(engine, "current_ends_at", "<=")} AND (schedule IS NOT NULL OR announced_phase = 1))
      OR (announced_phase = 0 AND ${at(engine, "current_ends_at", ">")} AND ${at(engine, "current_starts_at", "<=")})`;

/** Params: next phase, id, phase read, the run's start (started) or end (ended) read. */
const CLAIM = (engine: Engine, column: "current_starts_at" | "current_ends_at") =>
  `UPDATE maintenance_windows SET announced_phase = ? WHERE id = ? AND announced_phase = ? AND ${at(engine, column, "=")}`;

const ANNOUNCE = `INSERT INTO outbox (org_id, event, window_id, window_starts_at, window_ends_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`;

/** Compare-and-swap on the end read, so concurrent sweepers (and an edit) move a window once. */
const ADVANCE = (engine: Engine) =>
  `UPDATE maintenance_windows SET current_starts_at = ?, current_ends_at = ?, announced_phase = 0
   WHERE id = ? AND announced_phase <> 1 AND ${at(engine, "current_ends_at", "=")}`;

/** A window with something due, as read. */
export type DueWindowRow = {
  id: number;
  org_id: number;
  schedule: string | null;
  timezone: string | null;
  duration_minutes: number | null;
  current_starts_at: string;
  current_ends_at: string;
  announced_phase: number;
};

/** The windows whose run has an announcement or an advance due at `now`: one read. */
export const dueWindows = (sql: SqlRunner, now: Date) => sql.all<DueWindowRow>(DUE(sql.kind), [now, now, now]);

/**
 * Claims one announcement (compare-and-swap on the phase and the run read) and writes its outbox
 * row: 1, or 0 if another sweeper had it. Inside a write transaction.
 */
export async function claimAnnouncement(
  tx: SqlRunner,
  row: DueWindowRow,
  run: { start: Date; end: Date },
  a: { event: MaintenanceEvent; from: number; phase: number },
  now: Date,
): Promise<number> {
  const started = a.event === "maintenance.started";
  const claimed = await tx.run(CLAIM(tx.kind, started ? "current_starts_at" : "current_ends_at"), [
    a.phase,
    row.id,
    a.from,
    started ? run.start : run.end,
  ]);
  if (claimed !== 1) return 0;
  await tx.run(ANNOUNCE, [row.org_id, a.event, row.id, run.start, run.end, now]);
  return 1;
}

/**
 * Moves a recurring window whose run ended (at `endRead`) to its `next` run (null: none), phase back
 * to 0: 1, or 0 when another sweeper or an edit moved it first. Inside a write transaction.
 */
export const advanceWindow = (
  tx: SqlRunner,
  row: DueWindowRow,
  endRead: Date,
  next: { start: Date; end: Date } | null,
): Promise<number> => tx.run(ADVANCE(tx.kind), [next?.start ?? null, next?.end ?? null, row.id, endRead]);

/** The cron monitors a window covers now: named, or in a project it names; in its organization. Params: org, window, window. */
const COVERED = `SELECT m.id FROM cron_monitors m
   WHERE m.org_id = ? AND (m.id IN (SELECT cron_monitor_id FROM maintenance_targets WHERE window_id = ? AND cron_monitor_id IS NOT NULL)
      OR m.project_id IN (SELECT project_id FROM maintenance_targets WHERE window_id = ? AND project_id IS NOT NULL))`;

/** The stored days of those monitors between two days (included). Params: org, window, window, first day, last day. */
const STORED_DAYS = `SELECT d.cron_monitor_id, d.day, d.minutes FROM monitor_maintenance_days d
   WHERE d.cron_monitor_id IN (${COVERED}) AND d.day >= ? AND d.day <= ?`;

const WRITE_DAY = `INSERT INTO monitor_maintenance_days (cron_monitor_id, day, minutes) VALUES (?, ?, ?)
   ON CONFLICT (cron_monitor_id, day) DO UPDATE SET minutes = excluded.minutes`;

/** Params: org, window, window, the first day kept. */
const FORGET_DAYS = `DELETE FROM monitor_maintenance_days WHERE cron_monitor_id IN (${COVERED}) AND day < ?`;

/** Drops the covered monitors' days before `first` (`YYYY-MM-DD`): no page reads them. Inside a write transaction. */
export const forgetDays = (tx: SqlRunner, row: DueWindowRow, first: string) =>
  tx.run(FORGET_DAYS, [row.org_id, row.id, row.id, first]);

/** The ids of the cron monitors the window covers now. */
export const coveredMonitors = async (tx: SqlRunner, row: DueWindowRow): Promise<number[]> =>
  (await tx.all<{ id: number }>(COVERED, [row.org_id, row.id, row.id])).map((r) => Number(r.id));

/** The covered monitors' stored days from `first` to `last` (`YYYY-MM-DD`), keyed `<monitor id> <day>`. */
export async function storedDays(tx: SqlRunner, row: DueWindowRow, first: string, last: string) {
  const rows = await tx.all<{ cron_monitor_id: number; day: string; minutes: string }>(STORED_DAYS, [
    row.org_id,
    row.id,
    row.id,
    first,
    last,
  ]);
  return new Map(rows.map((r) => [`${Number(r.cron_monitor_id)} ${r.day}`, r.minutes]));
}

/** Writes days as given (the run already added by the caller). Inside a write transaction. */
export async function writeDays(tx: SqlRunner, days: { cronMonitorId: number; day: string; minutes: string }[]) {
  for (const d of days) await tx.run(WRITE_DAY, [d.cronMonitorId, d.day, d.minutes]);
}
