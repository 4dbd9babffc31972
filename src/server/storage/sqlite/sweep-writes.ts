import crypto from "node:crypto";
import type Database from "better-sqlite3";
import { emptyCounts, type SweepCounts } from "../../../shared/sweep-counts";
import type { DueMonitorRow, RunningRunRow } from "../../domain/sweep-plan";
import { keysetAfter, type DueChange, type DueKeyset, type OverrunChange } from "../sweep-storage";
import { writeMonitorIncidents } from "./incident-writes";
import { sqlTime } from "./ping-statements";
import type { SweepStatements } from "./sweep-statements";

/**
 * One page of due monitors after `after`, read outside any transaction (the writes compare and
 * swap), and the keyset after its last row.
 */
export function readDuePage(
  s: SweepStatements,
  now: Date,
  after: DueKeyset | null,
  limit: number,
): { rows: DueMonitorRow[]; after: DueKeyset | null } {
  const at = sqlTime(now);
  const rows = (
    after
      ? s.dueNextPage.all({ now: at, afterDeadline: after.deadline, afterId: after.id, limit })
      : s.dueFirstPage.all({ now: at, limit })
  ) as (DueMonitorRow & { sweep_deadline: number })[];
  return { rows, after: keysetAfter(rows) };
}

/**
 * Writes one page's changes (sweep/due-monitors.ts decided them) in one `BEGIN IMMEDIATE`
 * transaction. Every update repeats the expected time the sweep read: a row another sweeper or a
 * ping changed in between is left alone and counted as a lost race.
 */
export function applyDueChanges(
  db: Database.Database,
  s: SweepStatements,
  changes: DueChange[],
  at: Date,
): SweepCounts {
  const counts = emptyCounts();
  if (changes.length === 0) return counts;
  const now = sqlTime(at);
  db.transaction(() => {
    for (const change of changes) {
      if (change.kind === "late") {
        if (s.markLate.run({ id: change.id, expectedAt: change.expectedAt, now }).changes === 1) counts.late++;
        else counts.lost_races++;
        continue;
      }
      const next = sqlTime(change.nextExpectedAt);
      if (
        s.markMissed.run({
          id: change.id,
          expectedAt: change.expectedAt,
          nextExpectedAt: next,
          now,
          rulesState: change.rulesState,
        }).changes === 0
      ) {
        counts.lost_races++;
        continue;
      }
      counts.missed++;
      let lastRunId: number | null = null;
      for (const run of change.missedRuns) {
        const rid = crypto.randomUUID();
        const startedAt = sqlTime(run.startedAt);
        lastRunId = Number(
          s.insertMissedRun.run({ monitorId: change.id, rid, startedAt, source: run.source, now }).lastInsertRowid,
        );
        counts.missed_runs++;
      }
      if (writeMonitorIncidents(s, change.incidents, { id: change.id, orgId: change.orgId }, lastRunId, now))
        counts.incidents_opened++;
    }
  }).immediate();
  return counts;
}

/** Running runs not yet flagged, read outside any transaction. */
export const readRunningRuns = (s: SweepStatements, now: Date) =>
  s.runningRuns.all({ now: sqlTime(now) }) as RunningRunRow[];

/**
 * Writes the overrunning runs' changes in one `BEGIN IMMEDIATE` transaction: each run flagged
 * `timed_out` by a compare-and-swap (one another sweeper flagged first is a lost race), its monitor
 * down, its incident plan executed.
 */
export function applyOverrunChanges(
  db: Database.Database,
  s: SweepStatements,
  changes: OverrunChange[],
  at: Date,
): SweepCounts {
  const counts = emptyCounts();
  if (changes.length === 0) return counts;
  const now = sqlTime(at);
  db.transaction(() => {
    for (const c of changes) {
      if (s.markTimedOut.run({ runId: c.runId, monitorId: c.monitorId }).changes === 0) {
        counts.lost_races++;
        continue;
      }
      counts.max_runtime++;
      s.markDown.run({ id: c.monitorId, now });
      if (writeMonitorIncidents(s, c.incidents, { id: c.monitorId, orgId: c.orgId }, c.runId, now))
        counts.incidents_opened++;
    }
  }).immediate();
  return counts;
}
