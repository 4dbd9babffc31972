import crypto from "node:crypto";
import type { Pool, PoolClient } from "pg";
import type { EventPlanner, MonitorContext, RunView } from "../../domain/run-event-plan";
import type { PingStore, RunEvent, RunEventResult } from "../ping-store";
import { groupCommitStore, MAX_BATCH, type PendingEvent } from "../group-commit";
import { pgTime, run } from "./pool";
import { LOCK_MANY_SQL, READ_MANY_SQL, WRITE_MANY_SQL, type PgMonitorRow, type PgRunRow } from "./ping-statements";

/**
 * The PostgreSQL ping store, with group commit. Events that arrive in the same turn of the event
 * loop are recorded in ONE transaction on one connection, in waves of at most one event per monitor
 * (a monitor's second event in a group waits for the next wave, so it sees the first one's effects).
 * A wave costs three round trips whatever its size: the lock (every monitor `FOR UPDATE`, in
 * ping-token order so that concurrent processes lock monitors in the same order, which serializes a
 * monitor's events across processes and machines and keeps the 5-per-minute cap exact), the read
 * (a fresh snapshot taken after the lock, so it sees what the transactions it waited for committed:
 * every monitor with every run the pairing rules may need), the rules in memory, then one write
 * (runs, logs, monitors, incidents, outbox rows, as data-modifying CTEs over arrays). So a group of
 * any size usually costs BEGIN, three statements and COMMIT. Every caller's promise settles only after COMMIT. If the group fails (a
 * deadlock with a sweeper, say), each of its events is recorded again in a transaction of its own, so
 * one bad event fails alone. What an event does is decided by the `planner` it is given
 * (ping/planner.ts); its plan travels as the write's parameters.
 */
export function createPgPingStore(pool: Pool, planner: EventPlanner): PingStore {
  const recordGroup = async (events: RunEvent[]): Promise<RunEventResult[]> => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const results: RunEventResult[] = new Array(events.length);
      let waiting = events.map((event, i) => ({ event, i }));
      while (waiting.length > 0) waiting = await recordWave(client, waiting, results, planner);
      await client.query("COMMIT");
      return results;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };

  const commitGroup = async (items: PendingEvent[]) => {
    // Stable sort: one monitor's events keep their order; monitors are locked in token order.
    const ordered = items
      .map((item, i) => ({ item, i }))
      .sort((a, b) => lockKey(a.item.event).localeCompare(lockKey(b.item.event)) || a.i - b.i);
    try {
      const results = await recordGroup(ordered.map((o) => o.item.event));
      ordered.forEach((o, k) => o.item.resolve(results[k]!));
    } catch {
      for (const { item } of ordered) {
        await recordGroup([item.event]).then(([r]) => item.resolve(r!), item.reject);
      }
    }
  };

  // At most GROUPS_IN_FLIGHT groups at once: the turns' events that arrive meanwhile wait and go
  // together in the next group, so a busy process commits fewer, larger groups.
  let inFlight = 0;
  let waiting: PendingEvent[] = [];
  const next = () => {
    while (inFlight < GROUPS_IN_FLIGHT && waiting.length > 0) {
      const items = waiting.slice(0, MAX_BATCH);
      waiting = waiting.slice(items.length);
      inFlight++;
      void commitGroup(items).finally(() => {
        inFlight--;
        next();
      });
    }
  };
  return groupCommitStore((items) => {
    waiting.push(...items);
    next();
  });
}

/**
 * Groups one process records at once. Each group is a transaction of five statements (BEGIN, lock,
 * read, write, COMMIT) whatever its size; a group per turn of the event loop, each on its own pool
 * connection, made groups of a few events under load (5 to 7 at 50 pings in flight), so the database
 * server's per-transaction work was paid every few pings.
 */
export const GROUPS_IN_FLIGHT = 2;

const lockKey = (e: RunEvent) => ("token" in e.target ? e.target.token : `#${e.target.monitorId}`);

type Pending = { event: RunEvent; i: number };

/**
 * Records the first event of each monitor among `pending` (read, rules, write) and returns the rest,
 * in order, for the next wave. Two events may name one monitor differently (a token and an id): the
 * read shows it, and the later one waits.
 */
async function recordWave(
  client: PoolClient,
  pending: Pending[],
  results: RunEventResult[],
  planner: EventPlanner,
): Promise<Pending[]> {
  const seen = new Set<string>();
  const wave: Pending[] = [];
  const later: Pending[] = [];
  for (const p of pending) {
    const key = lockKey(p.event);
    (seen.has(key) ? later : wave).push(p);
    seen.add(key);
  }
  const events = [
    wave.map((p) => ("token" in p.event.target ? p.event.target.token : null)),
    wave.map((p) => ("monitorId" in p.event.target ? p.event.target.monitorId : null)),
    wave.map((p) => ("orgId" in p.event.target ? p.event.target.orgId : null)),
    wave.map((p) => p.event.rid),
    wave.map((p) => p.event.kind === "success"),
  ];
  await run(client, "ping_lock_many", LOCK_MANY_SQL, events);
  const latest = new Date(Math.max(...wave.map((p) => p.event.now.getTime())));
  const rows = await run<PgMonitorRow & { k: number }>(client, "ping_read_many", READ_MANY_SQL, [
    ...events,
    pgTime(latest),
  ]);
  const byPosition = new Map(rows.map((r) => [r.k - 1, r]));
  const writes = new WaveWrites();
  const recorded = new Set<number>();
  const deferred: Pending[] = [];
  wave.forEach((p, k) => {
    const m = byPosition.get(k);
    if (!m) return void (results[p.i] = { outcome: "not_found" });
    if (recorded.has(m.id)) return void deferred.push(p);
    recorded.add(m.id);
    results[p.i] = applyEvent(m, p.event, writes, planner);
  });
  if (!writes.empty) await run(client, "ping_write_many", WRITE_MANY_SQL, writes.params());
  return [...deferred, ...later].sort((a, b) => a.i - b.i);
}

/** The planner's plan for one event on its locked monitor: its answer, and its writes added to the wave's. */
function applyEvent(m: PgMonitorRow, e: RunEvent, writes: WaveWrites, planner: EventPlanner): RunEventResult {
  const plan = planner(context(m), e);
  if (plan.outcome === "rate_limited") return plan;
  const now = pgTime(e.now);
  const w = plan.run;
  const log = plan.log ? ([plan.log.text, plan.log.bytes, plan.log.truncated] as const) : ([null, 0, false] as const);
  if (w?.kind === "insert") {
    writes.newRun(
      m.id,
      w.rid,
      w.ridGenerated,
      w.status,
      pgTime(w.startedAt),
      w.finishedAt ? pgTime(w.finishedAt) : null,
      w.exitCode,
      w.overlapped,
      w.source,
      w.meta,
      ...log,
    );
    writes.newRunFlag(w.flag, w.flagDetail);
  } else if (w?.kind === "complete") {
    writes.completion(
      w.runId,
      w.status,
      pgTime(w.finishedAt),
      w.exitCode,
      w.durationMs,
      w.drifted,
      w.baselineMs,
      w.meta,
      ...log,
    );
    writes.completionFlag(w.flag, w.flagDetail);
  } else if (w?.kind === "note") {
    writes.timeline(w.runId, w.events);
  }
  const mw = plan.monitor;
  const incidents = plan.incidents;
  writes.monitor(
    m.id,
    now,
    mw.recentPings,
    mw.state,
    mw.stateSince ? pgTime(mw.stateSince) : null,
    mw.nextExpectedAt ? pgTime(mw.nextExpectedAt) : null,
    mw.lastRunStatus,
    mw.paused,
    mw.unattachedEvents,
    m.org_id,
    // A new run's id is known only after the write: null here, the wave's write takes it.
    plan.applied.runId,
    incidents.resolve !== null,
    incidents.resolve?.notify ?? false,
    incidents.open?.kind ?? null,
    incidents.open?.reason ?? null,
    incidents.open?.notify ?? false,
    incidents.drifted,
    incidents.open?.parentIncidentId ?? null,
    incidents.resolve?.held ?? false,
    incidents.open?.held ?? false,
    mw.runRulesState,
  );
  return {
    outcome: "accepted",
    monitorId: m.id,
    rid: plan.applied.rid,
    runStatus: plan.applied.runStatus,
    state: plan.shownState,
  };
}

/** What the rules ask of the monitor's runs, answered from the wave's one read. */
function context(m: PgMonitorRow): MonitorContext {
  const view = (r: PgRunRow | null): RunView | null =>
    r ? { id: r.id, rid: r.rid, status: r.status, startedAt: r.started_at, events: r.events } : null;
  return {
    monitor: m,
    // The read holds the run of the event's own rid, the only rid the rules ask for.
    runByRid: () => view(m.run_by_rid),
    openSynthesizedRun: (since) =>
      m.open_run && new Date(m.open_run.started_at).getTime() > since.getTime() ? view(m.open_run) : null,
    latestRun: () => view(m.latest_run),
    anyRunning: () => m.any_running,
    // Read for a success only; the running run being completed has no duration yet, so it is not among them.
    successDurations: () => m.success_durations ?? [],
    newRid: () => crypto.randomUUID(),
  };
}

/** A wave's writes as the column arrays of WRITE_MANY_SQL (one element per row, in its order). */
class WaveWrites {
  private readonly newRuns: unknown[][] = Array.from({ length: 13 }, () => []);
  private readonly completions: unknown[][] = Array.from({ length: 11 }, () => []);
  private readonly timelines: unknown[][] = [[], []];
  private readonly monitors: unknown[][] = Array.from({ length: 21 }, () => []);
  private readonly newRunFlags: unknown[][] = [[], []];
  private readonly completionFlags: unknown[][] = [[], []];

  get empty() {
    return this.monitors[0]!.length === 0;
  }

  newRun(...row: unknown[]) {
    row.forEach((v, c) => this.newRuns[c]!.push(v));
  }

  completion(...row: unknown[]) {
    row.forEach((v, c) => this.completions[c]!.push(v));
  }

  newRunFlag(...row: unknown[]) {
    row.forEach((v, c) => this.newRunFlags[c]!.push(v));
  }

  completionFlag(...row: unknown[]) {
    row.forEach((v, c) => this.completionFlags[c]!.push(v));
  }

  timeline(...row: unknown[]) {
    row.forEach((v, c) => this.timelines[c]!.push(v));
  }

  monitor(...row: unknown[]) {
    row.forEach((v, c) => this.monitors[c]!.push(v));
  }

  params(): unknown[][] {
    // The monitors' last column (run_rules_state) is $51, after the run rules' flags ($47-$50).
    const monitors = this.monitors.slice(0, 20);
    return [
      ...this.newRuns,
      ...this.completions,
      ...this.timelines,
      ...monitors,
      ...this.newRunFlags,
      ...this.completionFlags,
      this.monitors[20]!,
    ];
  }
}
