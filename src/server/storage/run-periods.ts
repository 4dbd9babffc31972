import type { SqlRunner } from "./runner";
import { monitorMaintenanceUntil } from "./maintenance-sql";
import { monitorParentIncident } from "./dependency-sql";

/**
 * The sweeper's statements of expected runs per period (domain/run-rules.ts `judgePeriod`), the same
 * text on both engines: the monitors whose period ended (on the `runs_due_at` index: a monitor
 * without expected runs has none and is never read), a monitor's completed runs started inside its
 * period, and the compare-and-swap that moves a monitor to its next period. The sweep room decides what each
 * ended period does (sweep/run-periods.ts); incident-executor.ts writes the incident.
 */
const ENDED = (engine: SqlRunner["kind"]) => `SELECT m.id, m.org_id, m.run_rules, m.runs_due_at, m.paused, m.suspended,
    m.snoozed_until, ${monitorMaintenanceUntil(engine, "m", "?")} AS maintenance_until,
    ${monitorParentIncident("m")} AS parent_incident_id
  FROM cron_monitors m WHERE m.runs_due_at <= ? ORDER BY m.runs_due_at, m.id LIMIT ?`;

export type EndedPeriodRow = {
  id: number;
  org_id: number;
  run_rules: string | null;
  /** As stored: handed back unchanged to the compare-and-swap. */
  runs_due_at: string;
  paused: boolean | number;
  suspended: boolean | number;
  snoozed_until: string | null;
  maintenance_until: string | null;
  parent_incident_id?: number | string | null;
};

/** At most `limit` monitors whose period of expected runs ended by `now`, earliest first. */
export function endedPeriods(read: SqlRunner, now: Date, limit: number): Promise<EndedPeriodRow[]> {
  return read.all<EndedPeriodRow>(ENDED(read.kind), [now, now, limit]);
}

/** The monitor's completed runs started in `[from, to)` (on the runs' (monitor, started) index). */
export async function completedRuns(read: SqlRunner, id: number, from: Date, to: Date): Promise<number> {
  const row = await read.get<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM cron_runs WHERE monitor_id = ? AND started_at >= ? AND started_at < ? AND status IN ('success', 'fail')`,
    [id, from, to],
  );
  return Number(row?.n ?? 0);
}

/** Moves a monitor to its next period if no one else did (true: this caller judged the period). */
export async function claimPeriod(tx: SqlRunner, id: number, dueAt: string, next: Date | null): Promise<boolean> {
  return (
    (await tx.run(`UPDATE cron_monitors SET runs_due_at = ? WHERE id = ? AND runs_due_at = ?`, [next, id, dueAt])) === 1
  );
}
