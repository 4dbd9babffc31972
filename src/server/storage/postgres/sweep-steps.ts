import crypto from "node:crypto";
import type { Pool, PoolClient } from "pg";
import type { IncidentPlan } from "../../domain/incidents";
import { emptyCounts, type SweepCounts } from "../../../shared/sweep-counts";
import type { DueMonitorRow, RunningRunRow } from "../../domain/sweep-plan";
import { keysetAfter, type DueChange, type OverrunChange, type SweepSteps } from "../sweep-storage";
import { checkRollupSteps } from "./sweep-check-rollups";
import { inTransaction, pgTime, run } from "./pool";
import * as SQL from "./sweep-statements";
import { pgAccess, pgRunner } from "./runner";

/**
 * A sweep's statements on PostgreSQL (the sweep itself, its loops and decisions: sweep/sweeper.ts).
 * Each page of due monitors is claimed with `FOR UPDATE SKIP LOCKED` inside its own transaction:
 * sweepers on any number of machines take disjoint pages and never wait for each other, and a ping
 * for a claimed monitor waits for the page's commit. The page's changes are then a few set-based
 * statements over arrays (no statement per monitor): the flips, the missed runs, the incidents (one
 * open per monitor by the partial unique index) and their outbox rows. A transaction run again after
 * a deadlock (pool.ts) decides and counts again; only the committed attempt's counts are returned.
 */
export function pgSweepSteps(pool: Pool): SweepSteps {
  const retained = {
    outbox: ["sweep_old_outbox", SQL.DELETE_OLD_OUTBOX],
    deliveries: ["sweep_old_deliveries", SQL.DELETE_OLD_DELIVERIES],
    subscriber_mails: ["sweep_old_subscriber_mails", SQL.DELETE_OLD_SUBSCRIBER_MAILS],
  } as const;
  return {
    sql: pgRunner(pool),
    access: pgAccess(pool),
    duePage: (now, after, limit, decide) =>
      inTransaction(pool, async (client) => {
        const params = [pgTime(now), after?.deadline ?? null, after?.id ?? 0, limit];
        const rows = await run<DueMonitorRow & { sweep_deadline: string }>(client, "sweep_due", SQL.DUE_PAGE, params);
        return { rows, after: keysetAfter(rows), applied: await applyDueChanges(client, decide(rows), now) };
      }),
    overrunningRuns: (now, decide) =>
      inTransaction(pool, async (client) => {
        const runs = await run<RunningRunRow>(client, "sweep_running", SQL.RUNNING_RUNS, [pgTime(now)]);
        return applyOverrunChanges(client, decide(runs), now);
      }),
    deleteOldRuns: async (cutoff, limit) => {
      const [r] = await inTransaction(pool, (client) =>
        run<{ logs: number; runs: number }>(client, "sweep_old_runs", SQL.DELETE_OLD_RUNS, [pgTime(cutoff), limit]),
      );
      return { logs: Number(r?.logs ?? 0), runs: Number(r?.runs ?? 0) };
    },
    deleteOldAudit: async (plans, except, cutoff, limit) =>
      (
        await pool.query({
          name: "sweep_old_audit",
          text: SQL.DELETE_OLD_AUDIT,
          values: [pgTime(cutoff), limit, plans, except],
        })
      ).rowCount ?? 0,
    deleteOld: async (table, cutoff, limit) => {
      const [name, text] = retained[table];
      return (await pool.query({ name, text, values: [pgTime(cutoff), limit] })).rowCount ?? 0;
    },
    ...checkRollupSteps(pool),
    recordReport: async (report) => {
      await run(pool, "sweep_status", SQL.RECORD_STATUS, ["sweep", JSON.stringify(report), pgTime(new Date())]);
    },
  };
}

/** The openings of a sweep's plans (a sweep's plans only ever open), as the batch statements take them. */
const openings = (plans: IncidentPlan[]) => ({
  reasons: plans.map((p) => p.open?.reason ?? null),
  kinds: plans.map((p) => p.open?.kind ?? null),
  notify: plans.map((p) => p.open?.notify ?? false),
  parents: plans.map((p) => p.open?.parentIncidentId ?? null),
  held: plans.map((p) => p.open?.held ?? false),
});

/** A page's changes, applied to rows this transaction holds locked: no compare-and-swap needed. */
async function applyDueChanges(client: PoolClient, changes: DueChange[], now: Date): Promise<SweepCounts> {
  const counts = emptyCounts();
  const at = pgTime(now);
  const late = changes.flatMap((c) => (c.kind === "late" ? [c.id] : []));
  if (late.length > 0)
    counts.late += (await client.query({ name: "sweep_late", text: SQL.MARK_LATE, values: [late, at] })).rowCount ?? 0;

  const down = changes.flatMap((c) => (c.kind === "down" ? [c] : []));
  if (down.length === 0) return counts;
  await run(client, "sweep_missed", SQL.MARK_MISSED, [
    down.map((c) => c.id),
    down.map((c) => pgTime(c.nextExpectedAt)),
    at,
    down.map((c) => c.rulesState),
  ]);
  counts.missed += down.length;
  const runs = down.flatMap((c) =>
    c.missedRuns.map((r) => ({ monitor: c.id, at: pgTime(r.startedAt), source: r.source })),
  );
  counts.missed_runs += runs.length;
  const opening = down.filter((c) => c.incidents.open);
  const o = openings(opening.map((c) => c.incidents));
  const opened = await run<{ id: number }>(client, "sweep_missed_incidents", SQL.MISSED_RUNS_AND_INCIDENTS, [
    runs.map((r) => r.monitor),
    runs.map(() => crypto.randomUUID()),
    runs.map((r) => r.at),
    runs.map((r) => r.source),
    at,
    opening.map((c) => c.orgId),
    opening.map((c) => c.id),
    o.reasons,
    o.kinds,
    o.notify,
    o.parents,
    o.held,
  ]);
  counts.incidents_opened += opened.length;
  return counts;
}

/** The overrunning runs' changes, on runs this transaction holds locked: flagged, monitors down, incidents opened. */
async function applyOverrunChanges(client: PoolClient, changes: OverrunChange[], now: Date): Promise<SweepCounts> {
  const counts = emptyCounts();
  if (changes.length === 0) return counts;
  const o = openings(changes.map((c) => c.incidents));
  const opened = await run<{ id: number }>(client, "sweep_overrun", SQL.TIME_OUT_RUNS, [
    changes.map((c) => c.runId),
    changes.map((c) => c.monitorId),
    changes.map((c) => c.orgId),
    o.reasons,
    pgTime(now),
    o.kinds,
    o.notify,
    o.parents,
    o.held,
  ]);
  counts.max_runtime += changes.length;
  counts.incidents_opened += opened.length;
  return counts;
}
