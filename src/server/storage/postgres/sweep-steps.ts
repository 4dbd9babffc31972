import crypto from "node:crypto";
import { timeOrNull } from "../api-rows";
import type { Pool, PoolClient } from "pg";
import type { IncidentPlan } from "../../domain/incidents";
import { addCounts, emptyCounts, type SweepCounts } from "../../../shared/sweep-counts";
import type { DueMonitorRow, Plan, RunningRunRow } from "../../domain/sweep-plan";
import type { SweepRules, SweepSteps } from "../sweep-storage";
import { checkRollups } from "./sweep-check-rollups";
import { inTransaction, pgTime, run } from "./pool";
import * as SQL from "./sweep-statements";
import { parentIncidentOf } from "../dependency-sql";
import { pgAccess, pgRunner } from "./runner";

const HOUSEKEEPING_BATCH = 1000;
const HOUSEKEEPING_MAX_BATCHES = 20;

/**
 * A sweep's steps on PostgreSQL (the sweep itself: sweep/sweeper.ts), executing what `rules`
 * decide. Each page of due monitors is claimed with `FOR UPDATE SKIP LOCKED` inside its own
 * transaction: sweepers on any number of machines take disjoint pages and never wait for each
 * other, and a ping for a claimed monitor waits for the page's commit. The page's changes are then a
 * few set-based statements over arrays (no statement per monitor): the flips, the missed runs, the
 * incidents (one open per monitor by the partial unique index) and their outbox rows.
 */
export function pgSweepSteps(pool: Pool, rules: SweepRules, log: (line: object) => void): SweepSteps {
  return {
    sql: pgRunner(pool),
    access: pgAccess(pool),
    dueMonitors: (now, counts) => sweepDue(pool, now, counts, log, rules),
    overrunningRuns: (now, counts) => sweepOverrunning(pool, now, counts, rules),
    housekeeping: (now, counts) => housekeeping(pool, rules, now, counts),
    checkRollups: (now, counts) => checkRollups(pool, rules.rollups, now, counts),
    recordReport: async (report) => {
      await run(pool, "sweep_status", SQL.RECORD_STATUS, ["sweep", JSON.stringify(report), pgTime(new Date())]);
    },
  };
}

async function sweepDue(pool: Pool, now: Date, counts: SweepCounts, log: (line: object) => void, rules: SweepRules) {
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const page: DueMonitorRow[] = await countedTransaction(pool, counts, async (client, counts) => {
      const rows = await run<DueMonitorRow>(client, "sweep_due", SQL.DUE_PAGE, [
        pgTime(now),
        after?.at ?? null,
        after?.id ?? 0,
        rules.pageSize,
      ]);
      counts.due += rows.length;
      await applyPlans(client, rules.planDue(rows, now, counts, log), now, counts, rules);
      return rows;
    });
    if (page.length < rules.pageSize) return;
    const last = page[page.length - 1]!;
    after = { at: last.next_expected_at, id: last.id };
  }
}

/**
 * A transaction that counts what it does in counts of its own, added to the sweep's once it has
 * committed: a transaction run again after a deadlock (pool.ts) counts once.
 */
async function countedTransaction<T>(
  pool: Pool,
  counts: SweepCounts,
  work: (client: PoolClient, counts: SweepCounts) => Promise<T>,
): Promise<T> {
  let attempt = emptyCounts();
  const result = await inTransaction(pool, (client) => work(client, (attempt = emptyCounts())));
  addCounts(counts, attempt);
  return result;
}

/** The page's plans, applied to rows this transaction holds locked: no compare-and-swap needed. */
async function applyPlans(client: PoolClient, plans: Plan[], now: Date, counts: SweepCounts, rules: SweepRules) {
  const at = pgTime(now);
  const late = plans.filter((p) => p.decision.kind === "late").map((p) => p.row.id);
  if (late.length > 0)
    counts.late += (await client.query({ name: "sweep_late", text: SQL.MARK_LATE, values: [late, at] })).rowCount ?? 0;

  const down = plans.flatMap((p) => (p.decision.kind === "down" ? [{ row: p.row, d: p.decision }] : []));
  if (down.length === 0) return;
  await run(client, "sweep_missed", SQL.MARK_MISSED, [
    down.map((x) => x.row.id),
    down.map((x) => pgTime(x.d.nextExpectedAt)),
    at,
  ]);
  counts.missed += down.length;
  const runs = down.flatMap(({ row, d }) =>
    d.missed.map((fire) => ({
      monitor: row.id,
      at: pgTime(fire),
      source: row.source === "kubernetes" ? "kubernetes" : "shell",
    })),
  );
  counts.missed_runs += runs.length;
  const incidents = down.map(({ row, d }) =>
    opening(
      rules.incidents.afterMissedPings(
        {
          id: row.id,
          orgId: row.org_id,
          snoozedUntil: timeOrNull(row.snoozed_until),
          maintenanceUntil: timeOrNull(row.maintenance_until),
          parentIncidentId: parentIncidentOf(row.parent_incident_id),
        },
        { first: d.missed[0]!, count: d.missed.length, skipped: d.skipped },
        now,
      ),
    ),
  );
  const opened = await run<{ id: number }>(client, "sweep_missed_incidents", SQL.MISSED_RUNS_AND_INCIDENTS, [
    runs.map((r) => r.monitor),
    runs.map(() => crypto.randomUUID()),
    runs.map((r) => r.at),
    runs.map((r) => r.source),
    at,
    down.map(({ row }) => row.org_id),
    down.map(({ row }) => row.id),
    incidents.map((p) => p.reason),
    incidents.map((p) => p.kind),
    incidents.map((p) => p.notify),
    incidents.map((p) => p.parentIncidentId),
  ]);
  counts.incidents_opened += opened.length;
}

/** Overrunning runs: flagged `timed_out` once, the monitor down, a `max_runtime` incident opened. */
async function sweepOverrunning(pool: Pool, now: Date, counts: SweepCounts, rules: SweepRules) {
  await countedTransaction(pool, counts, async (client, counts) => {
    const candidates = await run<RunningRunRow>(client, "sweep_running", SQL.RUNNING_RUNS, [pgTime(now)]);
    const overrunning = candidates.flatMap((r) => {
      const limitSeconds = rules.overrunLimit(r, now);
      return limitSeconds === null ? [] : [{ ...r, limitSeconds }];
    });
    if (overrunning.length === 0) return;
    const plans = overrunning.map((r) =>
      opening(
        rules.incidents.afterOverrun(
          {
            id: r.id,
            orgId: r.org_id,
            snoozedUntil: timeOrNull(r.snoozed_until),
            maintenanceUntil: timeOrNull(r.maintenance_until),
            parentIncidentId: parentIncidentOf(r.parent_incident_id),
          },
          { rid: r.rid, limitSeconds: r.limitSeconds },
          now,
        ),
      ),
    );
    const opened = await run<{ id: number }>(client, "sweep_overrun", SQL.TIME_OUT_RUNS, [
      overrunning.map((r) => r.run_id),
      overrunning.map((r) => r.id),
      overrunning.map((r) => r.org_id),
      plans.map((p) => p.reason),
      pgTime(now),
      plans.map((p) => p.kind),
      plans.map((p) => p.notify),
      plans.map((p) => p.parentIncidentId),
    ]);
    counts.max_runtime += overrunning.length;
    counts.incidents_opened += opened.length;
  });
}

/** The incident a sweep's plan opens (a sweep only ever opens one). */
function opening(plan: IncidentPlan): NonNullable<IncidentPlan["open"]> {
  return plan.open!;
}

/** Retention (decisions 4), in batches, each its own short transaction. */
async function housekeeping(pool: Pool, rules: SweepRules, now: Date, counts: SweepCounts) {
  const cutoff = pgTime(rules.retentionCutoff(now));
  for (let i = 0; i < HOUSEKEEPING_MAX_BATCHES; i++) {
    const [r] = await inTransaction(pool, (client) =>
      run<{ logs: number; runs: number }>(client, "sweep_old_runs", SQL.DELETE_OLD_RUNS, [cutoff, HOUSEKEEPING_BATCH]),
    );
    counts.logs_deleted += Number(r?.logs ?? 0);
    counts.runs_deleted += Number(r?.runs ?? 0);
    if (Number(r?.runs ?? 0) < HOUSEKEEPING_BATCH) break;
  }
  for (const [name, text, key] of [
    ["sweep_old_outbox", SQL.DELETE_OLD_OUTBOX, "outbox_deleted"],
    ["sweep_old_deliveries", SQL.DELETE_OLD_DELIVERIES, "deliveries_deleted"],
    ["sweep_old_subscriber_mails", SQL.DELETE_OLD_SUBSCRIBER_MAILS, "deliveries_deleted"],
  ] as const) {
    for (let i = 0; i < HOUSEKEEPING_MAX_BATCHES; i++) {
      const deleted = (await pool.query({ name, text, values: [cutoff, HOUSEKEEPING_BATCH] })).rowCount ?? 0;
      counts[key] += deleted;
      if (deleted < HOUSEKEEPING_BATCH) break;
    }
  }
}
