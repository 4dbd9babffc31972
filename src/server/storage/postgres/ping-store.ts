import crypto from "node:crypto";
import type { Pool, PoolClient } from "pg";
import { admitPing, formatRecentPings, parseRecentPings } from "../../domain/rate-window";
import { baselineMs, isDrifted, pairingWindowMs } from "../../domain/runs";
import { displayState, monitorAfterEvent } from "../../domain/monitor-state";
import type { AppliedEvent as Applied, PingStore, RunEvent, RunEventResult } from "../../ping/store";
import { groupCommitStore } from "../../ping/group-commit";
import { timeOrNull } from "../api-rows";
import { afterRunEvent, NO_HOLD_RULES, type NotificationRules } from "../../domain/incidents";
import type { TimelineEvent } from "../../../shared/schemas/runs";
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
 * one bad event fails alone. Incidents and notifications follow domain/incidents.ts under `rules`
 * (none by default), whose plan travels as the write's parameters.
 */
export function createPgPingStore(pool: Pool, rules: NotificationRules = NO_HOLD_RULES): PingStore {
  const recordGroup = async (events: RunEvent[]): Promise<RunEventResult[]> => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const results: RunEventResult[] = new Array(events.length);
      let waiting = events.map((event, i) => ({ event, i }));
      while (waiting.length > 0) waiting = await recordWave(client, waiting, results, rules);
      await client.query("COMMIT");
      return results;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };

  return groupCommitStore(async (items) => {
    // Stable sort: one monitor's events keep their order; monitors are locked in token order.
    const ordered = items.map((item, i) => ({ item, i })).sort((a, b) => lockKey(a.item.event).localeCompare(lockKey(b.item.event)) || a.i - b.i);
    try {
      const results = await recordGroup(ordered.map((o) => o.item.event));
      ordered.forEach((o, k) => o.item.resolve(results[k]!));
    } catch {
      for (const { item } of ordered) {
        await recordGroup([item.event]).then(([r]) => item.resolve(r!), item.reject);
      }
    }
  });
}

const lockKey = (e: RunEvent) => ("token" in e.target ? e.target.token : `#${e.target.monitorId}`);

type Pending = { event: RunEvent; i: number };

/**
 * Records the first event of each monitor among `pending` (read, rules, write) and returns the rest,
 * in order, for the next wave. Two events may name one monitor differently (a token and an id): the
 * read shows it, and the later one waits.
 */
async function recordWave(client: PoolClient, pending: Pending[], results: RunEventResult[], rules: NotificationRules): Promise<Pending[]> {
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
  const rows = await run<PgMonitorRow & { k: number }>(client, "ping_read_many", READ_MANY_SQL, [...events, pgTime(latest)]);
  const byPosition = new Map(rows.map((r) => [r.k - 1, r]));
  const writes = new WaveWrites();
  const recorded = new Set<number>();
  const deferred: Pending[] = [];
  wave.forEach((p, k) => {
    const m = byPosition.get(k);
    if (!m) return void (results[p.i] = { outcome: "not_found" });
    if (recorded.has(m.id)) return void deferred.push(p);
    recorded.add(m.id);
    results[p.i] = applyEvent(m, p.event, writes, rules);
  });
  if (!writes.empty) await run(client, "ping_write_many", WRITE_MANY_SQL, writes.params());
  return [...deferred, ...later].sort((a, b) => a.i - b.i);
}

/** The rules for one event on its locked monitor: its answer, and its writes added to the wave's. */
function applyEvent(m: PgMonitorRow, e: RunEvent, writes: WaveWrites, rules: NotificationRules): RunEventResult {
  const nowMs = e.now.getTime();
  const rate = admitPing(e.rateCapped ? parseRecentPings(m.recent_pings) : [], nowMs);
  if (!rate.accepted) return { outcome: "rate_limited", retryAfterSeconds: rate.retryAfterSeconds };
  const now = pgTime(e.now);

  const applied = e.kind === "log" ? attachNote(m, e, now, writes) : writeRun(m, e, now, writes);
  const next = monitorAfterEvent(m, applied, e.now);
  const paused = next.paused;
  const monitor = { id: m.id, orgId: m.org_id, folded: paused || m.suspended, driftAlerts: m.drift_alerts, snoozedUntil: timeOrNull(m.snoozed_until),
    maintenanceUntil: timeOrNull(m.maintenance_until) };
  const plan = afterRunEvent(monitor, applied, rules, e.now);
  writes.monitor(
    m.id,
    now,
    e.rateCapped ? formatRecentPings(rate.recent) : m.recent_pings,
    next.state,
    next.changed ? now : null,
    next.nextExpectedAt ? pgTime(next.nextExpectedAt) : null,
    applied.runStatus,
    paused,
    applied.unattachedEvents ?? m.unattached_events,
    m.org_id,
    applied.runId,
    plan.resolve !== null,
    plan.resolve?.notify ?? false,
    plan.open?.kind ?? null,
    plan.open?.reason ?? null,
    plan.open?.notify ?? false,
    plan.drifted,
  );
  return { outcome: "accepted", monitorId: m.id, rid: applied.rid, runStatus: applied.runStatus, state: displayState(next.state, paused, m.suspended) };
}

/**
 * `/start` or a completion: pairs by rid (or the open synthesized run) and writes the run and its
 * log. A new run's id is known only after the write (`runId` null: the wave's write takes it).
 */
function writeRun(m: PgMonitorRow, e: RunEvent, now: string, writes: WaveWrites): Applied {
  const start = e.kind === "start";
  const openRun = openSynthesized(m, e);
  const paired = e.rid ? m.run_by_rid : start ? null : openRun;
  if (paired && (start || paired.status !== "running")) {
    return { rid: paired.rid, runId: paired.id, runStatus: paired.status, completion: null, duplicate: true, drifted: false };
  }
  const status = start ? "running" : e.kind === "success" ? "success" : "fail";
  const log = e.log ? ([e.log.text, e.log.bytes, e.log.truncated] as const) : ([null, 0, false] as const);
  const meta = e.meta ? JSON.stringify(e.meta) : null;
  if (!paired) {
    const rid = e.rid ?? crypto.randomUUID();
    writes.newRun(m.id, rid, !e.rid, status, now, start ? null : now, start ? null : e.exitCode, start && m.any_running, e.source, meta, ...log);
    const completion = start ? null : (status as "success" | "fail");
    return { rid, runId: null, runStatus: status, completion, duplicate: false, drifted: false };
  }
  const durationMs = Math.max(0, e.now.getTime() - new Date(paired.started_at).getTime());
  const baseline = status === "success" ? baselineMs(m.success_durations ?? []) : null;
  const drifted = status === "success" && isDrifted(durationMs, baseline, m.drift_pct, m.drift_min_seconds);
  writes.completion(paired.id, status, now, e.exitCode, durationMs, drifted, baseline, meta, ...log);
  return { rid: paired.rid, runId: paired.id, runStatus: status, completion: status as "success" | "fail", duplicate: false, drifted };
}

/** The most recent running run with a synthesized rid inside the monitor's pairing window. */
function openSynthesized(m: PgMonitorRow, e: RunEvent): PgRunRow | null {
  const r = m.open_run;
  if (!r) return null;
  return new Date(r.started_at).getTime() > e.now.getTime() - pairingWindowMs(m.max_runtime_seconds) ? r : null;
}

/** `/log`: a note on the matching run's timeline; with no run at all, a monitor-level event. */
function attachNote(m: PgMonitorRow, e: RunEvent, now: string, writes: WaveWrites): Applied {
  const target = (e.rid ? m.run_by_rid : null) ?? openSynthesized(m, e) ?? m.latest_run;
  const note: TimelineEvent = { at: now, kind: "log", message: e.log?.text ?? "", ...(e.rid ? { rid: e.rid } : {}) };
  if (!target) {
    const events = [...(JSON.parse(m.unattached_events) as TimelineEvent[]), note].slice(-100);
    return { rid: e.rid, runId: null, runStatus: null, completion: null, duplicate: false, drifted: false, unattachedEvents: JSON.stringify(events) };
  }
  writes.timeline(target.id, JSON.stringify([...(JSON.parse(target.events) as TimelineEvent[]), note]));
  return { rid: target.rid, runId: target.id, runStatus: target.status, completion: null, duplicate: false, drifted: false };
}

/** A wave's writes as the column arrays of WRITE_MANY_SQL (one element per row, in its order). */
class WaveWrites {
  private readonly newRuns: unknown[][] = Array.from({ length: 13 }, () => []);
  private readonly completions: unknown[][] = Array.from({ length: 11 }, () => []);
  private readonly timelines: unknown[][] = [[], []];
  private readonly monitors: unknown[][] = Array.from({ length: 17 }, () => []);

  get empty() {
    return this.monitors[0]!.length === 0;
  }

  newRun(...row: unknown[]) {
    row.forEach((v, c) => this.newRuns[c]!.push(v));
  }

  completion(...row: unknown[]) {
    row.forEach((v, c) => this.completions[c]!.push(v));
  }

  timeline(...row: unknown[]) {
    row.forEach((v, c) => this.timelines[c]!.push(v));
  }

  monitor(...row: unknown[]) {
    row.forEach((v, c) => this.monitors[c]!.push(v));
  }

  params(): unknown[][] {
    return [...this.newRuns, ...this.completions, ...this.timelines, ...this.monitors];
  }
}
