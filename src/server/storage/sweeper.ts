import type { NotificationRules } from "../domain/incidents";
import type { SweepCounts } from "../domain/sweep-counts";

export type SweepReport = { at: string; now: string; duration_ms: number; counts: SweepCounts };

/**
 * One sweep, as if at `now`: late and missed pings, overrunning runs, housekeeping, then the report
 * under `system_status.sweep` (read by `GET /api/v1/status`). Stateless and idempotent: any number
 * of sweepers may run it at once over one database. One implementation per engine:
 * storage/sqlite/sweeper.ts and storage/postgres/sweeper.ts; the rules they share are in
 * `plan.ts` and `src/server/domain/sweep-rules.ts`.
 */
export type Sweeper = {
  sweep(now: Date): Promise<SweepReport>;
  /**
   * Late and missed pings only, as if at `now` (what a deadline calls for): the looping sweeper's
   * wake-ups between its full sweeps. Claims exactly as `sweep` does; records no report.
   */
  sweepDue(now: Date): Promise<SweepCounts>;
};

/**
 * Settings of a sweeper: how long raw check results are kept (env.ts; default 14 days), and the
 * notification rules its incidents obey (domain/incidents.ts; default: none holds anything).
 */
export type SweeperOptions = { checkResultRetentionDays?: number; notificationRules?: NotificationRules };
