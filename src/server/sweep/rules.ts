import {
  DEFAULT_RESULT_RETENTION_DAYS,
  floorHour,
  parseWatermark,
  rawDeleteCutoff,
  rollupDeleteCutoff,
  rollupSpan,
  rollupStart,
  ROLLUP_BUDGET_MS,
} from "../domain/check-metrics";
import { incidentRules, NO_HOLD_RULES, type NotificationRules } from "../domain/incidents";
import { PAGE_SIZE, planDue } from "../domain/sweep-plan";
import { overran, retentionCutoff, runtimeLimitSeconds } from "../domain/sweep-rules";
import type { SweepRules } from "../storage/sweep-storage";

/** Settings of a sweeper: how long raw check results are kept (env.ts; default 14 days) and the notification rules its incidents obey. */
export type SweeperOptions = { checkResultRetentionDays?: number; notificationRules?: NotificationRules };

/**
 * What a sweep finds and what it does about it, from domain/: which due monitors are late or down
 * (sweep-plan.ts), which runs overran and the retention cutoffs (sweep-rules.ts, check-metrics.ts),
 * and, through domain/incidents.ts under the notification rules (none hold anything by default), the
 * incidents they open and what the held ones notify. The sweep's steps are given it and decide nothing.
 */
export function sweepRules(options: SweeperOptions = {}): SweepRules {
  const retentionDays = options.checkResultRetentionDays ?? DEFAULT_RESULT_RETENTION_DAYS;
  return {
    pageSize: PAGE_SIZE,
    planDue,
    overrunLimit: (run, now) => {
      const limit = runtimeLimitSeconds({
        maxRuntimeSeconds: run.max_runtime_seconds,
        graceSeconds: run.grace_seconds,
      });
      return overran(new Date(run.started_at), limit, now) ? limit : null;
    },
    retentionCutoff: (now) => retentionCutoff(now),
    incidents: incidentRules(options.notificationRules ?? NO_HOLD_RULES),
    rollups: {
      budgetMs: ROLLUP_BUDGET_MS,
      parseWatermark,
      start: rollupStart,
      span: rollupSpan,
      more: (through, now) => through < floorHour(now),
      rawDeleteCutoff: (now, through) => rawDeleteCutoff(now, retentionDays, through),
      rollupDeleteCutoff,
    },
  };
}
