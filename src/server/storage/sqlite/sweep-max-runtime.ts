import type Database from "better-sqlite3";
import { timeOrNull } from "../api-rows";
import type { SweepRules } from "../sweep-storage";
import { sqlTime } from "./ping-statements";
import { writeMonitorIncidents } from "./incident-writes";
import { parentIncidentOf } from "../dependency-sql";
import type { SweepCounts } from "../../../shared/sweep-counts";
import type { RunningRunRow, SweepStatements } from "./sweep-statements";

/**
 * Runs still `running` longer than `max_runtime_seconds` (null: `grace_seconds`): the monitor goes
 * `down` and a `max_runtime` incident opens. The run stays `running` (its completion may still come
 * and then resolves the incident) but is flagged `timed_out`, so it is alerted once and no later
 * sweep reads it again.
 */
export function sweepOverrunningRuns(
  db: Database.Database,
  s: SweepStatements,
  now: Date,
  counts: SweepCounts,
  rules: SweepRules,
) {
  const nowText = sqlTime(now);
  const overrunning = (s.runningRuns.all({ now: nowText }) as RunningRunRow[]).flatMap((r) => {
    const limitSeconds = rules.overrunLimit(r, now);
    return limitSeconds === null ? [] : [{ r, limitSeconds }];
  });
  if (overrunning.length === 0) return;
  db.transaction(() => {
    for (const { r, limitSeconds } of overrunning) {
      if (s.markTimedOut.run({ runId: r.run_id, monitorId: r.id }).changes === 0) {
        counts.lost_races++;
        continue;
      }
      counts.max_runtime++;
      s.markDown.run({ id: r.id, now: nowText });
      const monitor = {
        id: r.id,
        orgId: r.org_id,
        snoozedUntil: timeOrNull(r.snoozed_until),
        maintenanceUntil: timeOrNull(r.maintenance_until),
        parentIncidentId: parentIncidentOf(r.parent_incident_id),
      };
      const plan = rules.incidents.afterOverrun(monitor, { rid: r.rid, limitSeconds }, now);
      if (writeMonitorIncidents(s, plan, monitor, r.run_id, nowText)) counts.incidents_opened++;
    }
  }).immediate();
}
