/**
 * Which of the features that may hold a cron monitor's notifications it uses, decided here once
 * (docs/api-maintenance.md, "What a ping reads"). A monitor that uses none is plain: its pings and
 * sweeps read no maintenance window and no parent (the flags `uses_maintenance` and
 * `uses_dependencies` of its row gate those reads), exactly as before windows and dependencies
 * existed. Every write that may change a monitor's use asks here again (storage/feature-use.ts reads
 * the facts and stores the answer): a window written, edited or deleted, a window's last run over,
 * the monitor's project changed, a project deleted, a parent named or cut. A snooze is a column of
 * the monitor's own row, read with it at no cost, so it needs no flag.
 */

/** What a write's read found of one monitor. */
export type FeatureFacts = {
  /** The latest stored run end among the windows of its organization naming it or its project (null: none). */
  latestWindowEnd: Date | null;
  /** Whether it has a parent (`depends_on`). */
  hasParent: boolean;
};

export type FeatureUse = { maintenance: boolean; dependencies: boolean };

/**
 * A monitor uses maintenance while a window names it (or its project) whose run is going on or to
 * come at `now`: a one-off window whose run is over, or a recurring one with no run left, holds
 * nothing any more. It uses dependencies while it has a parent. A flag may stay set a while longer
 * (a run that ended unseen by any sweep): that costs its pings the read, never a notification.
 */
export function featureUse(facts: FeatureFacts, now: Date): FeatureUse {
  return {
    maintenance: facts.latestWindowEnd !== null && facts.latestWindowEnd.getTime() > now.getTime(),
    dependencies: facts.hasParent,
  };
}

/** The rule as the writes take it (storage/feature-use.ts). */
export type FeatureUseRule = typeof featureUse;
