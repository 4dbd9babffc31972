import crypto from "node:crypto";
import type Database from "better-sqlite3";
import type { EventPlanner, MonitorContext, RunView, RunWrite } from "../../domain/run-event-plan";
import type { PingStore, RunEvent, RunEventResult } from "../ping-store";
import { groupCommitStore } from "../group-commit";
import { writeMonitorIncidents } from "./incident-writes";
import { prepareStatements, sqlTime, type MonitorRow, type RunRow, type Statements } from "./ping-statements";

/**
 * The SQLite ping store, with group commit. Events that arrive in the same turn of the event loop
 * are recorded in ONE `BEGIN IMMEDIATE` transaction (the write lock is taken first, so concurrent
 * processes queue on the busy timeout instead of failing an upgrade), each inside its own savepoint
 * so a failing event rolls back alone. Every caller's promise settles only after the commit, so an
 * `OK` is never sent for a ping that is not stored. The commit (writing the WAL frames) dominates a
 * ping's cost, so sharing it is what makes the ingest fast; processing stays sequential, so the rate
 * cap, run pairing and incident bookkeeping are exact across processes. What an event does to
 * incidents and notifications, and everything else it does, is decided by the `planner` it is given
 * (ping/planner.ts): this store reads what the planner asks and executes its plan.
 */
export function createSqlitePingStore(db: Database.Database, planner: EventPlanner): PingStore {
  const s = prepareStatements(db);
  const one = db.transaction((event: RunEvent): RunEventResult => recordEvent(s, planner, event)); // a savepoint when nested
  const batch = db.transaction((events: RunEvent[]) =>
    events.map((event) => {
      try {
        return { result: one(event) };
      } catch (error) {
        return { error };
      }
    }),
  );
  return groupCommitStore((items) => {
    let outcomes: ({ result: RunEventResult } | { error: unknown })[];
    try {
      outcomes = batch.immediate(items.map((i) => i.event));
    } catch (err) {
      for (const i of items) i.reject(err);
      return;
    }
    outcomes.forEach((o, k) => ("result" in o ? items[k]!.resolve(o.result) : items[k]!.reject(o.error)));
  });
}

function recordEvent(s: Statements, planner: EventPlanner, e: RunEvent): RunEventResult {
  const now = sqlTime(e.now);
  const m =
    "token" in e.target
      ? s.monitorByToken(now, e.target.token)
      : s.monitorById(now, e.target.monitorId, e.target.orgId);
  if (!m) return { outcome: "not_found" };
  const plan = planner(new SqliteMonitorContext(s, m), e);
  if (plan.outcome === "rate_limited") return plan;
  const runId = writeRun(s, m.id, plan.run, now) ?? plan.applied.runId;
  if (plan.log && runId !== null) {
    s.upsertRunLog.run(runId, plan.log.text);
    s.setRunLogSize.run(plan.log.bytes, plan.log.truncated ? 1 : 0, runId);
  }
  const w = plan.monitor;
  const timing = [
    now,
    w.recentPings,
    w.nextExpectedAt ? sqlTime(w.nextExpectedAt) : null,
    w.lastRunStatus,
    w.unattachedEvents,
    w.runRulesState,
  ] as const;
  const paused = w.paused ? 1 : 0;
  if (w.state === m.state && !w.stateSince && paused === m.paused) s.updateMonitorKeepingState.run(...timing, m.id);
  else s.updateMonitor.run(...timing, w.state, w.stateSince && sqlTime(w.stateSince), paused, m.id);
  const monitor = { id: m.id, orgId: m.org_id, noneOpen: m.open_incident_id === null };
  writeMonitorIncidents(s, plan.incidents, monitor, runId, now);
  return {
    outcome: "accepted",
    monitorId: m.id,
    rid: plan.applied.rid,
    runStatus: plan.applied.runStatus,
    state: plan.shownState,
  };
}

/**
 * What the rules ask of the monitor's runs, each question one statement asked only when needed. A
 * class rather than closures: nothing is created per event but the object itself.
 */
class SqliteMonitorContext implements MonitorContext {
  constructor(
    private readonly s: Statements,
    readonly monitor: MonitorRow,
  ) {}

  runByRid(rid: string): RunView | null {
    return view(this.s.runByRid.get(this.monitor.id, rid) as RunRow | undefined);
  }

  openSynthesizedRun(since: Date): RunView | null {
    return view(this.s.openSynthesizedRun.get(this.monitor.id, sqlTime(since)) as RunRow | undefined);
  }

  latestRun(): RunView | null {
    return view(this.s.latestRun.get(this.monitor.id) as RunRow | undefined);
  }

  anyRunning(): boolean {
    return this.s.anyRunning.get(this.monitor.id) !== undefined;
  }

  successDurations(exceptRunId: number): number[] {
    return (this.s.recentSuccessDurations.all(this.monitor.id, exceptRunId) as { duration_ms: number }[]).map(
      durationOf,
    );
  }

  newRid(): string {
    return crypto.randomUUID();
  }
}

const durationOf = (r: { duration_ms: number }) => r.duration_ms;

function view(r: RunRow | undefined): RunView | null {
  return r ? { id: r.id, rid: r.rid, status: r.status, startedAt: r.started_at, events: r.events } : null;
}

/** Executes the plan's run write; the new run's id when it inserted one. */
function writeRun(s: Statements, monitorId: number, w: RunWrite | null, now: string): number | null {
  if (w?.kind === "insert") {
    const { lastInsertRowid } = s.insertRun.run(
      monitorId,
      w.rid,
      w.ridGenerated ? 1 : 0,
      w.status,
      sqlTime(w.startedAt),
      w.finishedAt ? sqlTime(w.finishedAt) : null,
      w.exitCode,
      w.overlapped ? 1 : 0,
      w.source,
      w.meta,
      now,
      w.flag,
      w.flagDetail,
    );
    return Number(lastInsertRowid);
  }
  if (w?.kind === "complete") {
    s.completeRun.run(
      w.status,
      sqlTime(w.finishedAt),
      w.exitCode,
      w.durationMs,
      w.drifted ? 1 : 0,
      w.baselineMs,
      w.meta,
      w.flag,
      w.flagDetail,
      w.runId,
    );
  }
  if (w?.kind === "note") s.setRunEvents.run(w.events, w.runId);
  return null;
}
