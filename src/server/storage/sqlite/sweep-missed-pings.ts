import crypto from "node:crypto";
import type Database from "better-sqlite3";
import { missedReason } from "../../domain/sweep-rules";
import type { SweepCounts } from "../../sweep/counts";
import { PAGE_SIZE, planDue, type DueMonitorRow, type Plan } from "../../sweep/plan";
import { sqlTime } from "./ping-statements";
import type { SweepStatements } from "./sweep-statements";

/**
 * Late and missed pings: every armed, unfolded monitor whose expected time has passed. The rules
 * are computed outside the write transaction; the transaction only applies them as CAS updates.
 */
export function sweepDueMonitors(db: Database.Database, s: SweepStatements, now: Date, counts: SweepCounts, log: (line: object) => void) {
  const nowText = sqlTime(now);
  let page = s.dueFirstPage.all({ now: nowText, limit: PAGE_SIZE }) as DueMonitorRow[];
  while (page.length > 0) {
    counts.due += page.length;
    applyPlans(db, s, planDue(page, now, counts, log), now, counts);
    if (page.length < PAGE_SIZE) break;
    const last = page[page.length - 1]!;
    page = s.dueNextPage.all({ now: nowText, afterAt: last.next_expected_at, afterId: last.id, limit: PAGE_SIZE }) as DueMonitorRow[];
  }
}

/** Applies the plans of one page in one write transaction; rows changed since they were read are left alone. */
export function applyPlans(db: Database.Database, s: SweepStatements, plans: Plan[], now: Date, counts: SweepCounts) {
  if (plans.length === 0) return;
  const nowText = sqlTime(now);
  db.transaction(() => {
    for (const plan of plans) applyPlan(s, plan, nowText, counts);
  }).immediate();
}

function applyPlan(s: SweepStatements, { row, decision }: Plan, now: string, counts: SweepCounts) {
  if (decision.kind === "late") {
    const changed = s.markLate.run({ id: row.id, expectedAt: row.next_expected_at, now }).changes;
    if (changed === 1) counts.late++;
    else counts.lost_races++;
    return;
  }
  if (decision.kind !== "down") return;
  const moved = s.markMissed.run({ id: row.id, expectedAt: row.next_expected_at, nextExpectedAt: sqlTime(decision.nextExpectedAt), now });
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
  const reason = missedReason(decision.missed[0]!, decision.missed.length, decision.skipped);
  const opened = s.openIncident.run(row.org_id, row.id, "missed", reason, now);
  if (opened.changes === 1) {
    counts.incidents_opened++;
    s.insertOutbox.run(row.org_id, "incident.opened", row.id, Number(opened.lastInsertRowid), lastRunId, now);
  }
}
