import crypto from "node:crypto";
import type Database from "better-sqlite3";
import { scheduleOf } from "../domain/monitor-state";
import { missedReason, overdue, type Overdue } from "../domain/sweep-rules";
import { sqlTime } from "../ping/sqlite-statements";
import type { SweepCounts } from "./counts";
import type { DueMonitorRow, SweepStatements } from "./statements";

/** Due monitors are read and changed in pages; each page is one short write transaction. */
export const PAGE_SIZE = 500;

export type Plan = { row: DueMonitorRow; decision: Overdue };

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

/** What is due for each row read (pure rules; a schedule that cannot be evaluated is logged and skipped). */
export function planDue(page: DueMonitorRow[], now: Date, counts: SweepCounts, log: (line: object) => void): Plan[] {
  const plans: Plan[] = [];
  for (const row of page) {
    const decision = decide(row, now, counts, log);
    if (decision && decision.kind !== "none") plans.push({ row, decision });
  }
  return plans;
}

/** Applies the plans of one page in one write transaction; rows changed since they were read are left alone. */
export function applyPlans(db: Database.Database, s: SweepStatements, plans: Plan[], now: Date, counts: SweepCounts) {
  if (plans.length === 0) return;
  const nowText = sqlTime(now);
  db.transaction(() => {
    for (const plan of plans) applyPlan(s, plan, nowText, counts);
  }).immediate();
}

function decide(row: DueMonitorRow, now: Date, counts: SweepCounts, log: (line: object) => void): Overdue | null {
  try {
    const schedule = scheduleOf({
      scheduleKind: row.schedule_kind,
      cronExpression: row.cron_expression,
      timezone: row.timezone,
      periodSeconds: row.period_seconds,
    });
    return overdue({ state: row.state, expectedAt: new Date(row.next_expected_at), graceSeconds: row.grace_seconds, schedule }, now);
  } catch (err) {
    counts.errors++;
    log({ level: "error", event: "sweep.monitor", monitor: row.id, error: err instanceof Error ? err.message : String(err) });
    return null;
  }
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
