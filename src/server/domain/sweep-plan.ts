import { scheduleOf } from "./monitor-state";
import { overdue, type Overdue } from "./sweep-rules";
import type { SweepCounts } from "../../shared/sweep-counts";

/** Due monitors are read and changed in pages; each page is one short write transaction. */
export const PAGE_SIZE = 500;

/** A due monitor as both engines' sweepers read it. */
export type DueMonitorRow = {
  id: number;
  org_id: number;
  state: string;
  next_expected_at: string;
  grace_seconds: number;
  schedule_kind: string;
  cron_expression: string | null;
  timezone: string;
  period_seconds: number | null;
  source: string | null;
  /** The monitor's snooze end (ISO text; null: not snoozed). */
  snoozed_until: string | null;
  /** The end of the maintenance run over the monitor that started by the sweep's instant (storage/maintenance-sql.ts). */
  maintenance_until: string | null;
  /** An open incident of one of the monitor's parents (storage/dependency-sql.ts), or null. */
  parent_incident_id?: number | string | null;
  /** The monitor's run rules (domain/run-rules.ts; null: none) and what they remember. */
  run_rules: string | null;
  run_rules_state: string | null;
};

/** A running run with its monitor's limits, as both engines' sweepers read it. */
export type RunningRunRow = {
  run_id: number;
  rid: string;
  started_at: string;
  id: number;
  org_id: number;
  grace_seconds: number;
  max_runtime_seconds: number | null;
  snoozed_until: string | null;
  maintenance_until: string | null;
  parent_incident_id?: number | string | null;
};

export type Plan = { row: DueMonitorRow; decision: Overdue };

/** What is due for each row read (pure rules; a schedule that cannot be evaluated is logged and skipped). */
export function planDue(page: DueMonitorRow[], now: Date, counts: SweepCounts, log: (line: object) => void): Plan[] {
  const plans: Plan[] = [];
  for (const row of page) {
    const decision = decide(row, now, counts, log);
    if (decision && decision.kind !== "none") plans.push({ row, decision });
  }
  return plans;
}

function decide(row: DueMonitorRow, now: Date, counts: SweepCounts, log: (line: object) => void): Overdue | null {
  try {
    const schedule = scheduleOf({
      scheduleKind: row.schedule_kind,
      cronExpression: row.cron_expression,
      timezone: row.timezone,
      periodSeconds: row.period_seconds,
    });
    return overdue(
      { state: row.state, expectedAt: new Date(row.next_expected_at), graceSeconds: row.grace_seconds, schedule },
      now,
    );
  } catch (err) {
    counts.errors++;
    log({
      level: "error",
      event: "sweep.monitor",
      monitor: row.id,
      error: err instanceof Error ? err.message : String(err),
    });
    return null;
  }
}
