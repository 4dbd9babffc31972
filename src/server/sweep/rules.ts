import { auditRetention } from "../domain/audit";
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
import { incidentRules, NO_HOLD_RULES, type IncidentRules, type NotificationRules } from "../domain/incidents";
import { PAGE_SIZE, planDue, type RunningRunRow } from "../domain/sweep-plan";
import { overran, retentionCutoff, runtimeLimitSeconds } from "../domain/sweep-rules";
import type { RollupRules } from "../storage/sweep-storage";

/**
 * What a sweep decides with (built from domain/ below): which due monitors are late or down, which
 * runs overran, the retention cutoff, the incidents they open, the check rollups' spans.
 */
export type SweepRules = {
  /** Due monitors are read and changed in pages of this many, each page one short write transaction. */
  pageSize: number;
  planDue: typeof planDue;
  /** The run's limit in seconds when it has run past it at `now`, else null. */
  overrunLimit(run: RunningRunRow, now: Date): number | null;
  /** Everything older than this instant is removed by housekeeping. */
  retentionCutoff(now: Date): Date;
  /** The audit log's retention by plan (domain/audit.ts). */
  auditRetention: typeof auditRetention;
  incidents: IncidentRules;
  rollups: RollupRules;
};

/** Settings of a sweeper: how long raw check results are kept (env.ts; default 14 days) and the notification rules its incidents obey. */
export type SweeperOptions = { checkResultRetentionDays?: number; notificationRules?: NotificationRules };

/**
 * What a sweep finds and what it does about it, from domain/: which due monitors are late or down
 * (sweep-plan.ts), which runs overran and the retention cutoffs (sweep-rules.ts, check-metrics.ts),
 * and, through domain/incidents.ts under the notification rules (none hold anything by default), the
 * incidents they open and what the held ones notify. The sweep's steps (sweeper.ts and the modules
 * beside it) decide with it; the engines' statements are handed only what it decided.
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
    auditRetention,
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
