import { isoSeconds } from "../../shared/time";
import { emptyCounts, type SweepCounts } from "../../shared/sweep-counts";
import { writeDueReminders } from "../storage/reminders";
import type { SweepReport, SweepSteps } from "../storage/sweep-storage";
import { checkDueDomains } from "./custom-domains";
import { sweepDueMonitors } from "./due-monitors";
import { releaseHeldIncidents } from "./held-incidents";
import { judgeEndedPeriods } from "./run-periods";
import { moveMaintenanceRuns } from "./maintenance-runs";
import { sweepOverrunningRuns } from "./overrunning-runs";
import { checkRollups, housekeeping } from "./retention";
import type { SweepRules } from "./rules";

export type { SweepReport } from "../storage/sweep-storage";

/**
 * One sweep, as if at `now`: maintenance windows' runs, late and missed pings, overrunning runs,
 * held incidents whose hold ended, reminders, housekeeping and check rollups, then the report under
 * `system_status.sweep` (read by `GET /api/v1/status`). Stateless and idempotent: any number of
 * sweepers may run it at once over one database.
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
 * The sweep, the same on both engines: the order of its steps, their loops and what decides them
 * (`rules`, sweep/rules.ts). `steps` are the engine's statements (storage/sqlite/sweep-steps.ts,
 * storage/postgres/sweep-steps.ts), handed what the rules decided.
 */
export function createSweeper(steps: SweepSteps, rules: SweepRules, log: (line: object) => void = () => {}): Sweeper {
  /** Windows' runs advanced first thing; returns the announcing of the rest, for after the incident work (maintenance-runs.ts). */
  const maintenanceRuns = async (now: Date, counts: SweepCounts) => {
    const moved = await moveMaintenanceRuns(steps.access, now, log);
    counts.maintenance_advanced += moved.advanced;
    counts.maintenance_announced += moved.announced;
    return async () => {
      counts.maintenance_announced += await moved.announce();
    };
  };
  return {
    async sweep(now: Date): Promise<SweepReport> {
      const started = performance.now();
      const counts = emptyCounts();
      // Recurring maintenance windows whose run ended move to their next run first (maintenance-sql.ts).
      const announce = await maintenanceRuns(now, counts);
      await sweepDueMonitors(steps, rules, now, counts, log);
      await sweepOverrunningRuns(steps, rules, now, counts);
      // Periods of expected runs that ended, each judged once (run-periods.ts).
      counts.incidents_opened += await judgeEndedPeriods(steps.access, rules.incidents, now);
      await announce();
      // Held incidents whose hold ended, notified once: a compare-and-swap per incident (held-incidents.ts).
      counts.held_released += await releaseHeldIncidents(steps.access, rules.incidents, now);
      // Reminders due: one insert-unique statement, once per interval across sweepers (storage/reminders.ts).
      counts.reminders += await writeDueReminders(steps.sql, now);
      // Retention counts from the real clock at the latest: a `--now` in the future never deletes
      // data, and hours "in the future" are never marked rolled up.
      const realNow = new Date(Math.min(now.getTime(), Date.now()));
      await housekeeping(steps, rules, realNow, counts);
      await checkRollups(steps, rules, realNow, counts);
      // Status pages' custom domains due for a look at their DNS record (custom-domains.ts), a bounded batch.
      const domains = await checkDueDomains(steps.access, now, log);
      counts.domains_checked += domains.checked;
      counts.domains_unverified += domains.dropped;
      const report: SweepReport = {
        at: isoSeconds(new Date()),
        now: isoSeconds(now),
        duration_ms: Math.round(performance.now() - started),
        counts,
      };
      // `at` is the wall-clock time the sweep finished (a health signal); `now` what it swept as.
      await steps.recordReport(report);
      return report;
    },
    async sweepDue(now: Date) {
      const counts = emptyCounts();
      const announce = await maintenanceRuns(now, counts);
      await sweepDueMonitors(steps, rules, now, counts, log);
      await announce();
      return counts;
    },
  };
}
