import type Database from "better-sqlite3";
import { isoSeconds } from "../../shared/time";
import { sqlTime } from "../ping/sqlite-statements";
import { emptyCounts, type SweepCounts } from "./counts";
import { housekeeping } from "./housekeeping";
import { sweepOverrunningRuns } from "./max-runtime";
import { sweepDueMonitors } from "./missed-pings";
import { prepareSweepStatements, type SweepStatements } from "./statements";

export type SweepReport = { at: string; now: string; duration_ms: number; counts: SweepCounts };

/** One implementation per engine: this file's for SQLite, storage/postgres/sweeper.ts for PostgreSQL. */
export type Sweeper = { sweep(now: Date): Promise<SweepReport> };

/**
 * One sweep, as if at `now`: late and missed pings, overrunning runs, housekeeping, then the report
 * under `system_status.sweep` (read by `GET /api/v1/status`). Stateless and idempotent: any number
 * of sweepers may run it at once over one database.
 */
export function createSweeper(db: Database.Database, log: (line: object) => void = () => {}): Sweeper {
  const s: SweepStatements = prepareSweepStatements(db);
  return {
    async sweep(now: Date): Promise<SweepReport> {
      const started = performance.now();
      const counts = emptyCounts();
      sweepDueMonitors(db, s, now, counts, log);
      sweepOverrunningRuns(db, s, now, counts);
      // Retention counts from the real clock at the latest: a `--now` in the future never deletes data.
      housekeeping(db, s, new Date(Math.min(now.getTime(), Date.now())), counts);
      const report: SweepReport = {
        at: isoSeconds(new Date()),
        now: isoSeconds(now),
        duration_ms: Math.round(performance.now() - started),
        counts,
      };
      // `at` is the wall-clock time the sweep finished (a health signal); `now` what it swept as.
      s.recordStatus.run({ key: "sweep", value: JSON.stringify(report), now: sqlTime(new Date()) });
      return report;
    },
  };
}
