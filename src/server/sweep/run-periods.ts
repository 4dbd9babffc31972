import type { IncidentRules } from "../domain/incidents";
import { judgePeriod, parseRules, periodStart } from "../domain/run-rules";
import { flag, timeOrNull } from "../storage/api-rows";
import { parentIncidentOf } from "../storage/dependency-sql";
import { executeIncidentPlan } from "../storage/incident-executor";
import { claimPeriod, completedRuns, endedPeriods } from "../storage/run-periods";
import type { SqlAccess } from "../storage/runner";

/** Monitors judged per batch; a sweep judges batches until none is left. */
const BATCH = 500;

/**
 * Expected runs per period (docs/api-cron-monitors.md, "Run rules"): every monitor whose period
 * ended has its completed runs counted and judged by domain/run-rules.ts `judgePeriod`; too few
 * opens a `too_few_runs` incident (domain/incidents.ts `afterPeriodEnd`, written by the executor).
 * Each ended period is claimed by a compare-and-swap on `runs_due_at` in the transaction that
 * writes its incident, so any number of sweepers judge it once. A paused or suspended monitor's
 * period moves on unjudged. Returns the incidents opened.
 */
export async function judgeEndedPeriods(
  { read, transact }: SqlAccess,
  rules: Pick<IncidentRules, "afterPeriodEnd">,
  now: Date,
): Promise<number> {
  let opened = 0;
  for (let round = 0; round < 100; round++) {
    const rows = await read((sql) => endedPeriods(sql, now, BATCH));
    if (rows.length === 0) break;
    const judged: {
      row: (typeof rows)[number];
      open: Parameters<IncidentRules["afterPeriodEnd"]>[1];
      next: Date | null;
    }[] = [];
    for (const row of rows) {
      const runRules = parseRules(row.run_rules);
      const dueAt = new Date(row.runs_due_at);
      if (!runRules) {
        judged.push({ row, open: null, next: null });
        continue;
      }
      const folded = flag(row.paused) || flag(row.suspended);
      const count = folded ? 0 : await read((sql) => completedRuns(sql, row.id, periodStart(runRules, dueAt), dueAt));
      const verdict = judgePeriod(runRules, count, dueAt);
      judged.push({ row, open: folded ? null : verdict.open, next: verdict.nextDueAt });
    }
    opened += await transact(async (tx) => {
      let n = 0;
      for (const { row, open, next } of judged) {
        if (!(await claimPeriod(tx, row.id, row.runs_due_at, next))) continue;
        const monitor = {
          id: row.id,
          orgId: row.org_id,
          snoozedUntil: timeOrNull(row.snoozed_until),
          maintenanceUntil: timeOrNull(row.maintenance_until),
          parentIncidentId: parentIncidentOf(row.parent_incident_id),
        };
        const plan = rules.afterPeriodEnd(monitor, open, now);
        if (plan.open && (await executeIncidentPlan(tx, { type: "cron_monitor", ...monitor }, plan, now)) !== null) n++;
      }
      return n;
    });
    if (rows.length < BATCH) break;
  }
  return opened;
}
