import crypto from "node:crypto";
import type { Pool, PoolClient } from "pg";
import { admitPing, formatRecentPings, parseRecentPings } from "../../domain/rate-window";
import { baselineMs, isDrifted, pairingWindowMs } from "../../domain/runs";
import { displayState, scheduleOf, stateAfterPing } from "../../domain/monitor-state";
import type { AppliedEvent as Applied, PingStore, RunEvent, RunEventResult } from "../../ping/store";
import { groupCommitStore } from "../../ping/group-commit";
import type { TimelineEvent } from "../../../shared/schemas/runs";
import { pgTime, run } from "./pool";
import { FINISH_SQL, INSERT_RUN_SQL, COMPLETE_RUN_SQL, READ_SQL, SET_EVENTS_SQL, type PgMonitorRow, type PgRunRow } from "./ping-statements";


/**
 * The PostgreSQL ping store, with group commit. Events that arrive in the same turn of the event
 * loop are recorded in ONE transaction on one connection, ordered by ping token so that concurrent
 * processes lock monitors in the same order. Each event costs three round trips: one read (the
 * monitor `FOR UPDATE`, which serializes its events across processes and machines and so keeps the
 * 5-per-minute cap exact, together with every run the pairing rules may need) and two writes (the
 * run with its log; the monitor with its incident and outbox rows, as data-modifying CTEs). Every
 * caller's promise settles only after COMMIT. If the batch fails (a deadlock with a sweeper, say),
 * each of its events is recorded again in a transaction of its own, so one bad event fails alone.
 */
export function createPgPingStore(pool: Pool): PingStore {
  const recordBatch = async (events: RunEvent[]): Promise<RunEventResult[]> => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const results: RunEventResult[] = [];
      for (const e of events) results.push(await recordEvent(client, e));
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
      const results = await recordBatch(ordered.map((o) => o.item.event));
      ordered.forEach((o, k) => o.item.resolve(results[k]!));
    } catch {
      for (const { item } of ordered) {
        await recordBatch([item.event]).then(([r]) => item.resolve(r!), item.reject);
      }
    }
  });
}

const lockKey = (e: RunEvent) => ("token" in e.target ? e.target.token : `#${e.target.monitorId}`);

async function recordEvent(client: PoolClient, e: RunEvent): Promise<RunEventResult> {
  const byToken = "token" in e.target;
  const [m] = await run<PgMonitorRow>(client, "ping_read", READ_SQL, [
    byToken ? (e.target as { token: string }).token : null,
    byToken ? null : (e.target as { monitorId: number }).monitorId,
    byToken ? null : (e.target as { orgId: number }).orgId,
    e.rid,
    e.kind === "success",
  ]);
  if (!m) return { outcome: "not_found" };
  const nowMs = e.now.getTime();
  const rate = admitPing(e.rateCapped ? parseRecentPings(m.recent_pings) : [], nowMs);
  if (!rate.accepted) return { outcome: "rate_limited", retryAfterSeconds: rate.retryAfterSeconds };
  const now = pgTime(e.now);

  const applied = e.kind === "log" ? await attachNote(client, m, e, now) : await writeRun(client, m, e, now);
  const paused = m.paused && applied.completion !== "success";
  const next = applied.duplicate
    ? { state: m.state, nextExpectedAt: m.next_expected_at ? new Date(m.next_expected_at) : null, changed: false }
    : stateAfterPing(
        { state: m.state, nextExpectedAt: m.next_expected_at ? new Date(m.next_expected_at) : null },
        applied.completion,
        scheduleOf({ scheduleKind: m.schedule_kind, cronExpression: m.cron_expression, timezone: m.timezone, periodSeconds: m.period_seconds }),
        e.now,
      );
  const folded = paused || m.suspended;
  const alerting = !applied.duplicate;
  await run(client, "ping_finish", FINISH_SQL, [
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
    alerting && applied.completion === "success",
    alerting && !folded && applied.completion === "fail",
    alerting && !folded && applied.drifted && m.drift_alerts,
  ]);
  return { outcome: "accepted", monitorId: m.id, rid: applied.rid, runStatus: applied.runStatus, state: displayState(next.state, paused, m.suspended) };
}


/** `/start` or a completion: pairs by rid (or the open synthesized run) and writes the run and its log. */
async function writeRun(client: PoolClient, m: PgMonitorRow, e: RunEvent, now: string): Promise<Applied> {
  const start = e.kind === "start";
  const openRun = openSynthesized(m, e);
  const paired = e.rid ? m.run_by_rid : start ? null : openRun;
  if (paired && (start || paired.status !== "running")) {
    return { rid: paired.rid, runId: paired.id, runStatus: paired.status, completion: null, duplicate: true, drifted: false };
  }
  const status = start ? "running" : e.kind === "success" ? "success" : "fail";
  const log = e.log ? [e.log.text, e.log.bytes, e.log.truncated] : [null, 0, false];
  const meta = e.meta ? JSON.stringify(e.meta) : null;
  if (!paired) {
    const rid = e.rid ?? crypto.randomUUID();
    const [row] = await run<{ id: number }>(client, "ping_insert_run", INSERT_RUN_SQL, [
      m.id, rid, !e.rid, status, now, start ? null : now, start ? null : e.exitCode, start && m.any_running, e.source, meta, ...log,
    ]);
    const completion = start ? null : (status as "success" | "fail");
    return { rid, runId: row!.id, runStatus: status, completion, duplicate: false, drifted: false };
  }
  const durationMs = Math.max(0, e.now.getTime() - new Date(paired.started_at).getTime());
  const baseline = status === "success" ? baselineMs(m.success_durations ?? []) : null;
  const drifted = status === "success" && isDrifted(durationMs, baseline, m.drift_pct, m.drift_min_seconds);
  await run(client, "ping_complete_run", COMPLETE_RUN_SQL, [paired.id, status, now, e.exitCode, durationMs, drifted, baseline, meta, ...log]);
  return { rid: paired.rid, runId: paired.id, runStatus: status, completion: status as "success" | "fail", duplicate: false, drifted };
}

/** The most recent running run with a synthesized rid inside the monitor's pairing window. */
function openSynthesized(m: PgMonitorRow, e: RunEvent): PgRunRow | null {
  const r = m.open_run;
  if (!r) return null;
  return new Date(r.started_at).getTime() > e.now.getTime() - pairingWindowMs(m.max_runtime_seconds) ? r : null;
}

/** `/log`: a note on the matching run's timeline; with no run at all, a monitor-level event. */
async function attachNote(client: PoolClient, m: PgMonitorRow, e: RunEvent, now: string): Promise<Applied> {
  const target = (e.rid ? m.run_by_rid : null) ?? openSynthesized(m, e) ?? m.latest_run;
  const note: TimelineEvent = { at: now, kind: "log", message: e.log?.text ?? "", ...(e.rid ? { rid: e.rid } : {}) };
  if (!target) {
    const events = [...(JSON.parse(m.unattached_events) as TimelineEvent[]), note].slice(-100);
    return { rid: e.rid, runId: null, runStatus: null, completion: null, duplicate: false, drifted: false, unattachedEvents: JSON.stringify(events) };
  }
  await run(client, "ping_set_events", SET_EVENTS_SQL, [target.id, JSON.stringify([...(JSON.parse(target.events) as TimelineEvent[]), note])]);
  return { rid: target.rid, runId: target.id, runStatus: target.status, completion: null, duplicate: false, drifted: false };
}
