import crypto from "node:crypto";
import { timeOrNull } from "../api-rows";
import type Database from "better-sqlite3";
import type { SweepCounts } from "../../../shared/sweep-counts";
import type { DueMonitorRow, Plan } from "../../domain/sweep-plan";
import type { SweepRules } from "../sweep-storage";
import { sqlTime } from "./ping-statements";
import { writeMonitorIncidents } from "./incident-writes";
import { parentIncidentOf } from "../dependency-sql";
import type { SweepStatements } from "./sweep-statements";

/**
 * Late and missed pings: every armed, unfolded monitor whose expected time has passed. The rules'
 * plans are made outside the write transaction; the transaction only applies them as CAS updates.
 */
export function sweepDueMonitors(
  db: Database.Database,
  s: SweepStatements,
  now: Date,
  counts: SweepCounts,
  log: (line: object) => void,
  rules: SweepRules,
) {
  const nowText = sqlTime(now);
  const limit = rules.pageSize;
  let page = s.dueFirstPage.all({ now: nowText, limit }) as DueMonitorRow[];
  while (page.length > 0) {
    counts.due += page.length;
    applyPlans(db, s, rules.planDue(page, now, counts, log), now, counts, rules);
    if (page.length < limit) break;
    const last = page[page.length - 1]!;
    page = s.dueNextPage.all({
      now: nowText,
      afterAt: last.next_expected_at,
      afterId: last.id,
      limit,
    }) as DueMonitorRow[];
  }
}

/** Applies the plans of one page in one write transaction; rows changed since they were read are left alone. */
export function applyPlans(
  db: Database.Database,
  s: SweepStatements,
  plans: Plan[],
  now: Date,
  counts: SweepCounts,
  rules: SweepRules,
) {
  if (plans.length === 0) return;
  const nowText = sqlTime(now);
  db.transaction(() => {
    for (const plan of plans) applyPlan(s, plan, now, nowText, counts, rules);
  }).immediate();
}

function applyPlan(
  s: SweepStatements,
  { row, decision }: Plan,
  at: Date,
  now: string,
  counts: SweepCounts,
  rules: SweepRules,
) {
  if (decision.kind === "late") {
    const changed = s.markLate.run({ id: row.id, expectedAt: row.next_expected_at, now }).changes;
    if (changed === 1) counts.late++;
    else counts.lost_races++;
    return;
  }
  if (decision.kind !== "down") return;
  const moved = s.markMissed.run({
    id: row.id,
    expectedAt: row.next_expected_at,
    nextExpectedAt: sqlTime(decision.nextExpectedAt),
    now,
  });
  if (moved.changes === 0) {
    counts.lost_races++;
    return;
  }
  counts.missed++;
  let lastRunId: number | null = null;
  for (const fireTime of decision.missed) {
    const run = s.insertMissedRun.run({
      monitorId: row.id,
      rid: crypto.randomUUID(),
      startedAt: sqlTime(fireTime),
      source: row.source === "kubernetes" ? "kubernetes" : "shell",
      now,
    });
    lastRunId = Number(run.lastInsertRowid);
    counts.missed_runs++;
  }
  const missed = { first: decision.missed[0]!, count: decision.missed.length, skipped: decision.skipped };
  const monitor = {
    id: row.id,
    orgId: row.org_id,
    snoozedUntil: timeOrNull(row.snoozed_until),
    maintenanceUntil: timeOrNull(row.maintenance_until),
    parentIncidentId: parentIncidentOf(row.parent_incident_id),
  };
  if (writeMonitorIncidents(s, rules.incidents.afterMissedPings(monitor, missed, at), monitor, lastRunId, now))
    counts.incidents_opened++;
}
