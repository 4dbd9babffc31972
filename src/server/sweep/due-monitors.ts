import type { IncidentSubject } from "../domain/incidents";
import type { DueMonitorRow, RunningRunRow } from "../domain/sweep-plan";
import { addCounts, emptyCounts, type SweepCounts } from "../../shared/sweep-counts";
import { timeOrNull } from "../storage/api-rows";
import { parentIncidentOf } from "../storage/dependency-sql";
import type { DueChange, DueKeyset, SweepSteps } from "../storage/sweep-storage";
import type { SweepRules } from "./rules";
import { formatState, judgeMissed, parseRules, parseState } from "../domain/run-rules";

/**
 * Late and missed pings, the same on both engines: page after page of due monitors (the engine's
 * `duePage`), each page's monitors planned by the rules (domain/sweep-plan.ts `planDue`), a down
 * one's missed runs and its incident (domain/incidents.ts `afterMissedPings`) handed back as the
 * page's changes, which the engine writes in the page's one transaction.
 */
export async function sweepDueMonitors(
  steps: Pick<SweepSteps, "duePage">,
  rules: SweepRules,
  now: Date,
  counts: SweepCounts,
  log: (line: object) => void,
): Promise<void> {
  let after: DueKeyset | null = null;
  for (;;) {
    let decided = emptyCounts();
    const page = await steps.duePage(now, after, rules.pageSize, (rows) => {
      decided = emptyCounts(); // a transaction run again decides again: the last one counts
      return dueChanges(rows, rules, now, decided, log);
    });
    counts.due += page.rows.length;
    addCounts(counts, decided);
    addCounts(counts, page.applied);
    if (page.rows.length < rules.pageSize) return;
    after = page.after;
  }
}

/** What the rules make of one page of due monitors (`counts`: the schedules that could not be evaluated). */
export function dueChanges(
  rows: DueMonitorRow[],
  rules: SweepRules,
  now: Date,
  counts: SweepCounts,
  log: (line: object) => void,
): DueChange[] {
  return rules.planDue(rows, now, counts, log).flatMap(({ row, decision }): DueChange[] => {
    if (decision.kind === "late") return [{ kind: "late", id: row.id, expectedAt: row.next_expected_at }];
    if (decision.kind !== "down") return [];
    const missed = { first: decision.missed[0]!, count: decision.missed.length, skipped: decision.skipped };
    // Missed runs are failures the run rules count (a threshold may hold the incident back).
    const runRules = parseRules(row.run_rules);
    const judged = runRules ? judgeMissed(runRules, parseState(row.run_rules_state), missed) : null;
    return [
      {
        kind: "down",
        id: row.id,
        orgId: row.org_id,
        expectedAt: row.next_expected_at,
        nextExpectedAt: decision.nextExpectedAt,
        missedRuns: decision.missed.map((startedAt) => ({ startedAt, source: runSource(row.source) })),
        incidents: rules.incidents.afterMissedPings(
          monitorSubject(row),
          judged ? { ...missed, opens: judged.open } : missed,
          now,
        ),
        rulesState: judged ? formatState(judged.state) : row.run_rules_state,
      },
    ];
  });
}

/** A missed run is recorded as coming from where the monitor's runs come from: a Kubernetes job's, else a shell's. */
const runSource = (source: string | null) => (source === "kubernetes" ? "kubernetes" : "shell");

/** A monitor as the incident rules see it, from the row a sweep read (its snooze, the maintenance run over it, a parent down). */
export function monitorSubject(
  row: Pick<
    DueMonitorRow | RunningRunRow,
    "id" | "org_id" | "snoozed_until" | "maintenance_until" | "parent_incident_id"
  >,
): IncidentSubject & { orgId: number } {
  return {
    type: "cron_monitor",
    id: row.id,
    orgId: row.org_id,
    snoozedUntil: timeOrNull(row.snoozed_until),
    maintenanceUntil: timeOrNull(row.maintenance_until),
    parentIncidentId: parentIncidentOf(row.parent_incident_id),
  };
}
