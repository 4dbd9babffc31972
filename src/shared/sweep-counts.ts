/** What one sweep did, recorded for `GET /api/v1/status` and logged as one line. */
export type SweepCounts = {
  /** Armed, unfolded monitors whose expected time had passed (read through the index). */
  due: number;
  late: number;
  /** Monitors that missed a fire time beyond grace in this sweep (already-down ones included). */
  missed: number;
  missed_runs: number;
  max_runtime: number;
  incidents_opened: number;
  /** Held incidents notified because their hold ended (a snooze expired), each once across sweepers. */
  held_released: number;
  /** Recurring maintenance windows moved to their next run because their run had ended (storage/maintenance-sql.ts). */
  maintenance_advanced: number;
  /** `maintenance.started` / `maintenance.ended` outbox rows written (sweep/maintenance-runs.ts), each once across sweepers. */
  maintenance_announced: number;
  /** `incident.reminder` outbox rows written (storage/reminders.ts), each once across sweepers. */
  reminders: number;
  /** Compare-and-swap updates that found the row already changed by another sweeper or a ping. */
  lost_races: number;
  /** Monitors whose stored schedule could not be evaluated (logged, skipped). */
  errors: number;
  runs_deleted: number;
  logs_deleted: number;
  outbox_deleted: number;
  deliveries_deleted: number;
  /** Audit entries past their organization's plan's retention (docs/api-audit-log.md). */
  audit_deleted: number;
  /** Hourly check rollups written (closed hours rolled up again included). */
  rollup_rows: number;
  /** Raw check results past CHECK_RESULT_RETENTION_DAYS, and rollups past 400 days, deleted. */
  results_deleted: number;
  rollups_deleted: number;
  /** Status pages' custom domains whose DNS record was looked at (sweep/custom-domains.ts). */
  domains_checked: number;
  /** Verified custom domains that stopped serving because their record no longer proves them. */
  domains_unverified: number;
};

export const emptyCounts = (): SweepCounts => ({
  due: 0,
  late: 0,
  missed: 0,
  missed_runs: 0,
  max_runtime: 0,
  incidents_opened: 0,
  held_released: 0,
  maintenance_advanced: 0,
  maintenance_announced: 0,
  reminders: 0,
  lost_races: 0,
  errors: 0,
  runs_deleted: 0,
  logs_deleted: 0,
  outbox_deleted: 0,
  deliveries_deleted: 0,
  audit_deleted: 0,
  rollup_rows: 0,
  results_deleted: 0,
  rollups_deleted: 0,
  domains_checked: 0,
  domains_unverified: 0,
});

/** Adds `more` to `counts` (a transaction's counts, once it has committed). */
export function addCounts(counts: SweepCounts, more: SweepCounts): void {
  for (const key of Object.keys(more) as (keyof SweepCounts)[]) counts[key] += more[key];
}
