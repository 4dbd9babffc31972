import { currentOrNext } from "../domain/maintenance";
import { announcementsDue } from "../domain/maintenance-announcements";
import type { Transact } from "./held-incidents";
import { timingOf } from "./maintenance-sql";
import type { SqlRunner } from "./runner";

/**
 * The maintenance windows' runs, as every sweep (and every deadline sweep) moves them on, in one read
 * when nothing is due (docs/api-maintenance.md):
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
type Engine = SqlRunner["kind"];
const at = (engine: Engine, column: string, op: string) =>
  engine === "sqlite" ? `julianday(${column}) ${op} julianday(?)` : `${column} ${op} ?::timestamp`;

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

type DueRow = {
  id: number;
  org_id: number;
  schedule: string | null;
  timezone: string | null;
  duration_minutes: number | null;
  current_starts_at: string;
  current_ends_at: string;
  announced_phase: number;
};

/**
 * What a sweep does with the windows' runs, in two steps around its incident work: `advanced` now
 * (first thing: the hot paths must see a recurring window's new run), the rest of the announcements
 * by `announce()` after the due monitors and overrunning runs, so a sweep whose windows only need
 * announcing takes no write lock before it has read its due monitors (sweepers racing over the same
 * rows read them all before any writes).
 */
export type MovedRuns = { advanced: number; announced: number; announce: () => Promise<number> };

/**
 * One read of the windows with something due. A recurring window whose run ended moves to its run
 * going on or next in one transaction with its `maintenance.ended` (when its start was announced).
 * The other announcements wait for `announce()`.
 */
export async function moveMaintenanceRuns(
  sql: SqlRunner,
  transact: Transact,
  now: Date,
  log: (line: object) => void = () => {},
): Promise<MovedRuns> {
  const rows = await sql.all<DueRow>(DUE(sql.kind), [now, now, now]);
  const moved = { advanced: 0, announced: 0 };
  const later: { row: DueRow; run: { start: Date; end: Date } }[] = [];
  for (const row of rows) {
    const run = { start: new Date(row.current_starts_at), end: new Date(row.current_ends_at) };
    if (row.schedule === null || run.end.getTime() > now.getTime()) {
      later.push({ row, run });
      continue;
    }
    const next = nextRun(row, now, log);
    await transact(async (tx) => {
      for (const a of announcementsDue(Number(row.announced_phase), run, now))
        moved.announced += await announceOne(tx, row, run, a, now);
      moved.advanced += await tx.run(ADVANCE(tx.kind), [next?.start ?? null, next?.end ?? null, row.id, run.end]);
    });
  }
  const announce = async () => {
    let announced = 0;
    for (const { row, run } of later)
      for (const a of announcementsDue(Number(row.announced_phase), run, now))
        announced += await transact((tx) => announceOne(tx, row, run, a, now));
    return announced;
  };
  return { ...moved, announce };
}

/** Claims one announcement (compare-and-swap on the phase and the run read) and writes its outbox row: 1, or 0 if another sweeper had it. */
async function announceOne(
  tx: SqlRunner,
  row: DueRow,
  run: { start: Date; end: Date },
  a: ReturnType<typeof announcementsDue>[number],
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

/** A recurring window's run going on or next at `now`; null (logged) when its stored schedule cannot be evaluated. */
function nextRun(row: DueRow, now: Date, log: (line: object) => void): { start: Date; end: Date } | null {
  try {
    return currentOrNext(
      timingOf({
        startsAt: null,
        endsAt: null,
        schedule: row.schedule,
        timezone: row.timezone,
        durationMinutes: row.duration_minutes,
      }),
      now,
    );
  } catch (err) {
    log({
      level: "error",
      event: "sweep.maintenance",
      window: row.id,
      error: err instanceof Error ? err.message : String(err),
    });
    return null;
  }
}
