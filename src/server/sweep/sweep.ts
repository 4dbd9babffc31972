import type { SweepCounts } from "./counts";

export type SweepReport = { at: string; now: string; duration_ms: number; counts: SweepCounts };

/**
 * One sweep, as if at `now`: late and missed pings, overrunning runs, housekeeping, then the report
 * under `system_status.sweep` (read by `GET /api/v1/status`). Stateless and idempotent: any number
 * of sweepers may run it at once over one database. One implementation per engine:
 * storage/sqlite/sweeper.ts and storage/postgres/sweeper.ts; the rules they share are in
 * `plan.ts` and `src/server/domain/sweep-rules.ts`.
 */
export type Sweeper = { sweep(now: Date): Promise<SweepReport> };

/** Settings of a sweeper (env.ts): how long raw check results are kept (default 14 days). */
export type SweeperOptions = { checkResultRetentionDays?: number };
