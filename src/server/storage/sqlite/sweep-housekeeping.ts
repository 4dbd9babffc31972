import type Database from "better-sqlite3";
import { sqlTime } from "./ping-statements";
import type { SweepCounts } from "../../../shared/sweep-counts";
import type { SweepStatements } from "./sweep-statements";
import type { SweepRules } from "../sweep-storage";

/** Rows deleted per statement, and statements per table per sweep: a backlog is worked off over several sweeps. */
const BATCH = 1000;
const MAX_BATCHES = 20;

/**
 * Retention (decisions 4): runs and their logs older than 90 days, and processed outbox rows and
 * delivery attempts (and status page subscribers' mails) of the same age. Each batch is its own short transaction.
 */
export function housekeeping(
  db: Database.Database,
  s: SweepStatements,
  rules: SweepRules,
  now: Date,
  counts: SweepCounts,
) {
  const cutoff = sqlTime(rules.retentionCutoff(now));
  const args = { cutoff, limit: BATCH };
  const deleteRuns = db.transaction(() => {
    counts.logs_deleted += s.deleteOldLogs.run(args).changes;
    const runs = s.deleteOldRuns.run(args).changes;
    counts.runs_deleted += runs;
    return runs;
  });
  for (let i = 0; i < MAX_BATCHES && deleteRuns.immediate() === BATCH; i++);
  for (const [statement, key] of [
    [s.deleteOldOutbox, "outbox_deleted"],
    [s.deleteOldDeliveries, "deliveries_deleted"],
    [s.deleteOldSubscriberMails, "deliveries_deleted"],
  ] as const) {
    for (let i = 0; i < MAX_BATCHES; i++) {
      const deleted = statement.run(args).changes;
      counts[key] += deleted;
      if (deleted < BATCH) break;
    }
  }
}
