import type Database from "better-sqlite3";
import { isoSeconds } from "../../../shared/time";
import { NO_HOLD_RULES, type NotificationRules } from "../../domain/incidents";
import type { SweepCounts } from "../../domain/sweep-counts";
import type { SqlRunner } from "../runner";
import { emptyCounts } from "../../domain/sweep-counts";
import type { Sweeper, SweeperOptions, SweepReport } from "../sweeper";
import { sqlTime } from "./ping-statements";
import { DEFAULT_RESULT_RETENTION_DAYS } from "../../domain/check-metrics";
import { prepareCheckRollups } from "./sweep-check-rollups";
import { housekeeping } from "./sweep-housekeeping";
import { sweepOverrunningRuns } from "./sweep-max-runtime";
import { sweepDueMonitors } from "./sweep-missed-pings";
import { releaseHeldIncidents } from "../held-incidents";
import { writeDueReminders } from "../reminders";
import { moveMaintenanceRuns } from "../maintenance-runs";
import { immediateTransaction } from "./immediate";
import { sqliteRunner } from "./runner";
import { prepareSweepStatements, type SweepStatements } from "./sweep-statements";

/**
 * Held incidents whose hold ended, notified once (held-incidents.ts) under the write lock. The
 * runner's statements are synchronous, so nothing else runs on this connection inside the transaction.
 */
async function releaseHeld(
  db: Database.Database,
  sql: SqlRunner,
  rules: NotificationRules,
  now: Date,
  counts: SweepCounts,
) {
  counts.held_released += await releaseHeldIncidents(sql, immediateTransaction(db, sql), rules, now);
}

/**
 * One sweep, as if at `now`: late and missed pings, overrunning runs, housekeeping, then the report
 * under `system_status.sweep` (read by `GET /api/v1/status`). Stateless and idempotent: any number
 * of sweepers may run it at once over one database.
 */
export function createSweeper(
  db: Database.Database,
  log: (line: object) => void = () => {},
  options: SweeperOptions = {},
): Sweeper {
  const s: SweepStatements = prepareSweepStatements(db);
  const rules = options.notificationRules ?? NO_HOLD_RULES;
  /** Maintenance windows' runs advanced first thing in every sweep; returns the announcing of the rest (maintenance-runs.ts). */
  const maintenanceRuns = async (now: Date, counts: SweepCounts) => {
    const moved = await moveMaintenanceRuns(sql, immediateTransaction(db, sql), now, log);
    counts.maintenance_advanced += moved.advanced;
    counts.maintenance_announced += moved.announced;
    // The other announcements after the incident work (maintenance-runs.ts).
    return async () => {
      counts.maintenance_announced += await moved.announce();
    };
  };
  const sql = sqliteRunner(db);
  const checkRollups = prepareCheckRollups(db, options.checkResultRetentionDays ?? DEFAULT_RESULT_RETENTION_DAYS);
  return {
    async sweep(now: Date): Promise<SweepReport> {
      const started = performance.now();
      const counts = emptyCounts();
      // Recurring maintenance windows whose run ended move to their next run first (maintenance-sql.ts).
      const announce = await maintenanceRuns(now, counts);
      sweepDueMonitors(db, s, now, counts, log, rules);
      sweepOverrunningRuns(db, s, now, counts, rules);
      await announce();
      await releaseHeld(db, sql, rules, now, counts);
      counts.reminders += await writeDueReminders(sql, now);
      // Retention counts from the real clock at the latest: a `--now` in the future never deletes data.
      const realNow = new Date(Math.min(now.getTime(), Date.now()));
      housekeeping(db, s, realNow, counts);
      // Rollups too: hours "in the future" are never marked rolled up.
      checkRollups(realNow, counts);
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
    async sweepDue(now: Date) {
      const counts = emptyCounts();
      const announce = await maintenanceRuns(now, counts);
      sweepDueMonitors(db, s, now, counts, log, rules);
      await announce();
      return counts;
    },
  };
}
