import type { SweepCounts } from "../../shared/sweep-counts";
import type { SweepSteps } from "../storage/sweep-storage";
import type { SweepRules } from "./rules";

/** Rows deleted per statement, and statements per table per sweep: a backlog is worked off over several sweeps. */
const RUN_BATCH = 1000;
const CHECK_BATCH = 5000;
const MAX_BATCHES = 20;

/**
 * Retention (decisions 4), the same on both engines: runs and their logs older than the cutoff, and
 * processed outbox rows and delivery attempts (status page subscribers' mails counted with them) of
 * the same age, each batch its own short statement or transaction; and audit entries past their
 * organization's plan's retention.
 */
export async function housekeeping(steps: SweepSteps, rules: SweepRules, now: Date, counts: SweepCounts) {
  const cutoff = rules.retentionCutoff(now);
  for (let i = 0; i < MAX_BATCHES; i++) {
    const deleted = await steps.deleteOldRuns(cutoff, RUN_BATCH);
    counts.logs_deleted += deleted.logs;
    counts.runs_deleted += deleted.runs;
    if (deleted.runs < RUN_BATCH) break;
  }
  counts.outbox_deleted += await batches((limit) => steps.deleteOld("outbox", cutoff, limit), RUN_BATCH);
  counts.deliveries_deleted += await batches((limit) => steps.deleteOld("deliveries", cutoff, limit), RUN_BATCH);
  counts.deliveries_deleted += await batches((limit) => steps.deleteOld("subscriber_mails", cutoff, limit), RUN_BATCH);
  // The audit log keeps what each organization's plan keeps (docs/api-audit-log.md).
  for (const { plans, except, cutoff: before } of rules.auditRetention(now)) {
    counts.audit_deleted += await batches((limit) => steps.deleteOldAudit(plans, except, before, limit), RUN_BATCH);
  }
}

/**
 * Check rollups and their retention (docs/api-probes.md, "Metrics and errors"): the closed hours
 * since the watermark rolled up span after span (the engine's `rollUpSpan`, each with the watermark
 * it moves) until caught up or the budget has passed; then raw results past their retention (never
 * ones not rolled up yet) and rollups past theirs, in batches.
 */
export async function checkRollups(steps: SweepSteps, rules: SweepRules, now: Date, counts: SweepCounts) {
  const r = rules.rollups;
  const t = now.getTime();
  const started = performance.now();
  let step = await steps.rollUpSpan(t, r);
  counts.rollup_rows += step.rows;
  while (step.more && performance.now() - started < r.budgetMs) {
    step = await steps.rollUpSpan(t, r);
    counts.rollup_rows += step.rows;
  }
  const rawCutoff = r.rawDeleteCutoff(t, step.through);
  if (rawCutoff !== null)
    counts.results_deleted += await batches((limit) => steps.deleteCheckResults(rawCutoff, limit), CHECK_BATCH);
  const rollupCutoff = r.rollupDeleteCutoff(t);
  counts.rollups_deleted += await batches((limit) => steps.deleteCheckRollups(rollupCutoff, limit), CHECK_BATCH);
}

/** Deletes batch after batch until one comes back short (at most MAX_BATCHES); how many in all. */
async function batches(deleteBatch: (limit: number) => Promise<number>, size: number): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const deleted = await deleteBatch(size);
    total += deleted;
    if (deleted < size) break;
  }
  return total;
}
