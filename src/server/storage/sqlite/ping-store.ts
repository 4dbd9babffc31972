import crypto from "node:crypto";
import type Database from "better-sqlite3";
import { admitPing, formatRecentPings, parseRecentPings } from "../../domain/rate-window";
import { baselineMs, isDrifted, pairingWindowMs } from "../../domain/runs";
import { displayState, monitorAfterEvent } from "../../domain/monitor-state";
import type { AppliedEvent as Applied, PingStore, RunEvent, RunEventResult } from "../../ping/store";
import { groupCommitStore } from "../../ping/group-commit";
import { timeOrNull } from "../api-rows";
import { afterRunEvent, NO_HOLD_RULES, type NotificationRules } from "../../domain/incidents";
import { writeMonitorIncidents } from "./incident-writes";
import { prepareStatements, sqlTime, type MonitorRow, type RunRow, type Statements } from "./ping-statements";

import type { TimelineEvent } from "../../../shared/schemas/runs";


/**
 * The SQLite ping store, with group commit. Events that arrive in the same turn of the event loop
 * are recorded in ONE `BEGIN IMMEDIATE` transaction (the write lock is taken first, so concurrent
 * processes queue on the busy timeout instead of failing an upgrade), each inside its own savepoint
 * so a failing event rolls back alone. Every caller's promise settles only after the commit, so an
 * `OK` is never sent for a ping that is not stored. The commit (writing the WAL frames) dominates a
 * ping's cost, so sharing it is what makes the ingest fast; processing stays sequential, so the rate
 * cap, run pairing and incident bookkeeping are exact across processes. What an event does to
 * incidents and notifications is decided by domain/incidents.ts under `rules` (none by default).
 */
export function createSqlitePingStore(db: Database.Database, rules: NotificationRules = NO_HOLD_RULES): PingStore {
  const s = prepareStatements(db);
  const one = db.transaction((event: RunEvent): RunEventResult => recordEvent(s, rules, event)); // a savepoint when nested
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

function recordEvent(s: Statements, rules: NotificationRules, e: RunEvent): RunEventResult {
  const at = sqlTime(e.now);
  const m = ("token" in e.target ? s.monitorByToken.get(at, e.target.token) : s.monitorById.get(at, e.target.monitorId, e.target.orgId)) as
    | MonitorRow
    | undefined;
  if (!m) return { outcome: "not_found" };
  const nowMs = e.now.getTime();
  const rate = admitPing(e.rateCapped ? parseRecentPings(m.recent_pings) : [], nowMs);
  if (!rate.accepted) return { outcome: "rate_limited", retryAfterSeconds: rate.retryAfterSeconds };
  const now = sqlTime(e.now);

  const applied = e.kind === "log" ? attachNote(s, m, e, now) : e.kind === "start" ? startRun(s, m, e, now) : completeRun(s, m, e, now);

  const next = monitorAfterEvent(m, applied, e.now);
  const paused = next.paused;
  s.updateMonitor.run({
    id: m.id,
    now,
    recentPings: e.rateCapped ? formatRecentPings(rate.recent) : m.recent_pings,
    state: next.state,
    stateSince: next.changed ? now : null,
    nextExpectedAt: next.nextExpectedAt ? sqlTime(next.nextExpectedAt) : null,
    lastRunStatus: applied.runStatus,
    paused: paused ? 1 : 0,
    unattachedEvents: applied.unattachedEvents ?? m.unattached_events,
  });
  const monitor = { id: m.id, orgId: m.org_id, folded: paused || m.suspended === 1, driftAlerts: m.drift_alerts === 1, snoozedUntil: timeOrNull(m.snoozed_until),
    maintenanceUntil: timeOrNull(m.maintenance_until) };
  writeMonitorIncidents(s, afterRunEvent(monitor, applied, rules, e.now), { id: m.id, orgId: m.org_id }, applied.runId, now);
  return {
    outcome: "accepted",
    monitorId: m.id,
    rid: applied.rid,
    runStatus: applied.runStatus,
    state: displayState(next.state, paused, m.suspended === 1),
  };
}


function startRun(s: Statements, m: MonitorRow, e: RunEvent, now: string): Applied {
  const existing = e.rid ? (s.runByRid.get(m.id, e.rid) as RunRow | undefined) : undefined;
  if (existing) return { rid: existing.rid, runId: existing.id, runStatus: existing.status, completion: null, duplicate: true, drifted: false };
  const rid = e.rid ?? crypto.randomUUID();
  const overlapped = s.anyRunning.get(m.id) ? 1 : 0;
  const { lastInsertRowid } = s.insertRun.run({
    monitorId: m.id, rid, ridGenerated: e.rid ? 0 : 1, status: "running", startedAt: now, finishedAt: null, exitCode: null,
    durationMs: null, overlapped, drifted: 0, baselineMs: null, source: e.source, meta: e.meta ? JSON.stringify(e.meta) : null, now,
  });
  const runId = Number(lastInsertRowid);
  if (e.log) storeLog(s, runId, e.log);
  return { rid, runId, runStatus: "running", completion: null, duplicate: false, drifted: false };
}

function completeRun(s: Statements, m: MonitorRow, e: RunEvent, now: string): Applied {
  const status = e.kind === "success" ? "success" : "fail";
  const since = sqlTime(new Date(e.now.getTime() - pairingWindowMs(m.max_runtime_seconds)));
  const run = (e.rid ? s.runByRid.get(m.id, e.rid) : s.openSynthesizedRun.get(m.id, since)) as RunRow | undefined;
  if (run && run.status !== "running") {
    return { rid: run.rid, runId: run.id, runStatus: run.status, completion: null, duplicate: true, drifted: false };
  }
  const meta = e.meta ? JSON.stringify(e.meta) : null;
  if (!run) {
    // No start to pair with: a complete single-document run.
    const rid = e.rid ?? crypto.randomUUID();
    const { lastInsertRowid } = s.insertRun.run({
      monitorId: m.id, rid, ridGenerated: e.rid ? 0 : 1, status, startedAt: now, finishedAt: now, exitCode: e.exitCode,
      durationMs: null, overlapped: 0, drifted: 0, baselineMs: null, source: e.source, meta, now,
    });
    const runId = Number(lastInsertRowid);
    if (e.log) storeLog(s, runId, e.log);
    return { rid, runId, runStatus: status, completion: status, duplicate: false, drifted: false };
  }
  const durationMs = Math.max(0, e.now.getTime() - new Date(run.started_at).getTime());
  let baseline: number | null = null;
  let drifted = false;
  if (status === "success") {
    const durations = (s.recentSuccessDurations.all(m.id, run.id) as { duration_ms: number }[]).map((r) => r.duration_ms);
    baseline = baselineMs(durations);
    drifted = isDrifted(durationMs, baseline, m.drift_pct, m.drift_min_seconds);
  }
  s.completeRun.run({ id: run.id, status, finishedAt: now, exitCode: e.exitCode, durationMs, drifted: drifted ? 1 : 0, baselineMs: baseline, meta });
  if (e.log) storeLog(s, run.id, e.log);
  return { rid: run.rid, runId: run.id, runStatus: status, completion: status, duplicate: false, drifted };
}

/** `/log`: a note on the matching run's timeline; with no run at all, a monitor-level event. */
function attachNote(s: Statements, m: MonitorRow, e: RunEvent, now: string): Applied {
  const since = sqlTime(new Date(e.now.getTime() - pairingWindowMs(m.max_runtime_seconds)));
  const run = ((e.rid && s.runByRid.get(m.id, e.rid)) || s.openSynthesizedRun.get(m.id, since) || s.latestRun.get(m.id)) as
    | RunRow
    | undefined;
  const note: TimelineEvent = { at: now.replace("+00:00", "Z"), kind: "log", message: e.log?.text ?? "", ...(e.rid ? { rid: e.rid } : {}) };
  if (!run) {
    const events = [...(JSON.parse(m.unattached_events) as TimelineEvent[]), note].slice(-100);
    return { rid: e.rid, runId: null, runStatus: null, completion: null, duplicate: false, drifted: false, unattachedEvents: JSON.stringify(events) };
  }
  s.setRunEvents.run(JSON.stringify([...(JSON.parse(run.events) as TimelineEvent[]), note]), run.id);
  return { rid: run.rid, runId: run.id, runStatus: run.status, completion: null, duplicate: false, drifted: false };
}

function storeLog(s: Statements, runId: number, log: NonNullable<RunEvent["log"]>) {
  s.upsertRunLog.run(runId, log.text);
  s.setRunLogSize.run(log.bytes, log.truncated ? 1 : 0, runId);
}
