import type { TimelineEvent } from "../../shared/schemas/runs";
import { afterRunEvent, type IncidentPlan, type NotificationRules, type RunVerdict } from "./incidents";
import { formatState, judgeRun, parseRules, parseState, type JudgedRun } from "./run-rules";
import type { RunFlag } from "../../shared/incident-kinds";
import { displayState, monitorAfterEvent } from "./monitor-state";
import { admitPing, formatRecentPings, parseRecentPings } from "./rate-window";
import { baselineMs, isDrifted, pairingWindowMs } from "./runs";
import type { PingKind } from "./ping-request";

/**
 * What one run event does to its monitor and its runs, decided once for both engines: the rate
 * cap, pairing a completion with its start (by rid, or the open run with a synthesized rid inside
 * the pairing window), duplicates, duration and drift, a `/log` note, the monitor's next state, and
 * (through domain/incidents.ts) its incidents and notifications. Each engine's ping store reads what
 * the rules ask through a `MonitorContext` (SQLite: one statement per question, asked only when the
 * event needs it; PostgreSQL: from its wave's one read) and executes the `EventPlan` it gets.
 */

/** One inbound run event: a public ping, or a reported event (`POST /cron-monitors/{id}/events`). */
export type RunEvent = {
  target: { token: string } | { monitorId: number; orgId: number };
  kind: PingKind;
  exitCode: number | null;
  /** The run-correlation id sent by the job, or null (the server synthesizes one). */
  rid: string | null;
  /** The captured log (already capped) of a POST body or a reported `log`; for `/log`, the note. */
  log: { text: string; bytes: number; truncated: boolean } | null;
  source: "shell" | "kubernetes" | "api";
  meta: Record<string, unknown> | null;
  /** Public pings obey the 5-per-minute cap; authenticated reported events do not. */
  rateCapped: boolean;
  now: Date;
};

/** What recording one event did to its run: both engines' stores work from this to the monitor's state. */
export type AppliedEvent = {
  rid: string | null;
  runId: number | null;
  runStatus: string | null;
  completion: "success" | "fail" | null;
  /** A repeat of a start or completion already recorded: changes no run or state. */
  duplicate: boolean;
  drifted: boolean;
  /** The monitor's new monitor-level events (a `/log` with no run yet). */
  unattachedEvents?: string;
  /** What the run rules made of a completion (domain/run-rules.ts); absent: a monitor without rules. */
  verdict?: RunVerdict;
  /** What the run rules remember after it (absent: unchanged). */
  rulesState?: string;
};

/** A run as the pairing rules see it. */
export type RunView = { id: number; rid: string; status: string; startedAt: string; events: string };

/** The monitor's columns the rules read (booleans as either engine stores them). */
export type PingMonitor = {
  id: number;
  org_id: number;
  schedule_kind: string;
  cron_expression: string | null;
  timezone: string;
  period_seconds: number | null;
  max_runtime_seconds: number | null;
  drift_pct: number;
  drift_min_seconds: number;
  drift_alerts: boolean | number;
  paused: boolean | number;
  suspended: boolean | number;
  state: string;
  next_expected_at: string | null;
  recent_pings: string;
  unattached_events: string;
  snoozed_until: string | null;
  /** The end of the maintenance window over the monitor at the event's instant (storage/maintenance-sql.ts), or null. */
  maintenance_until: string | null;
  /** An open incident of one of the monitor's parents (storage/dependency-sql.ts), or null. */
  parent_incident_id?: number | string | null;
  /** The monitor's run rules (domain/run-rules.ts; null: none) and what they remember. */
  run_rules: string | null;
  run_rules_state: string | null;
};

/** What the rules may ask about the monitor's runs. */
export interface MonitorContext {
  monitor: PingMonitor;
  runByRid(rid: string): RunView | null;
  /** The latest running run with a synthesized rid started after `since`. */
  openSynthesizedRun(since: Date): RunView | null;
  latestRun(): RunView | null;
  anyRunning(): boolean;
  /** Durations of the monitor's latest successful runs (at most 20), `exceptRunId` left out. */
  successDurations(exceptRunId: number): number[];
  /** A fresh run-correlation id for an event that sent none (a random UUID). */
  newRid(): string;
}

/** The run write of an event: a new run, the completion of a running one, or a note on a run's timeline. */
export type RunWrite =
  | {
      kind: "insert";
      rid: string;
      ridGenerated: boolean;
      status: "running" | "success" | "fail";
      startedAt: Date;
      finishedAt: Date | null;
      exitCode: number | null;
      overlapped: boolean;
      source: RunEvent["source"];
      meta: string | null;
      /** What a run rule found wrong with the run, and its detail (domain/run-rules.ts). */
      flag: RunFlag | null;
      flagDetail: string | null;
    }
  | {
      kind: "complete";
      runId: number;
      status: "success" | "fail";
      finishedAt: Date;
      exitCode: number | null;
      durationMs: number;
      drifted: boolean;
      baselineMs: number | null;
      meta: string | null;
      flag: RunFlag | null;
      flagDetail: string | null;
    }
  | { kind: "note"; runId: number; events: string };

/** The monitor's columns after the event. */
export type MonitorWrite = {
  recentPings: string;
  state: string;
  /** Set when the state changed, else the old `state_since` stays. */
  stateSince: Date | null;
  nextExpectedAt: Date | null;
  lastRunStatus: string | null;
  paused: boolean;
  unattachedEvents: string;
  /** What the run rules remember (the stored value when the event changed nothing of it). */
  runRulesState: string | null;
};

export type EventPlan =
  | { outcome: "rate_limited"; retryAfterSeconds: number }
  | {
      outcome: "accepted";
      applied: AppliedEvent;
      /** null: a duplicate, or a note with no run to attach to (kept on the monitor). */
      run: RunWrite | null;
      /** The captured log to store with the run (the run's id: `applied.runId`, or the new run's). */
      log: RunEvent["log"];
      monitor: MonitorWrite;
      incidents: IncidentPlan;
      /** The state shown to the caller (domain/monitor-state.ts `displayState`). */
      shownState: string;
    };

/**
 * What a ping store is given to decide an event (the ping room's `eventPlanner`, ping/planner.ts):
 * the store reads and executes, the planner decides.
 */
export type EventPlanner = (ctx: MonitorContext, e: RunEvent) => EventPlan;

/** The plan of one event on its (locked) monitor, `now` being the event's instant. */
export function planEvent(ctx: MonitorContext, e: RunEvent, rules: NotificationRules): EventPlan {
  const m = ctx.monitor;
  const rate = admitPing(e.rateCapped ? parseRecentPings(m.recent_pings) : [], e.now.getTime());
  if (!rate.accepted) return { outcome: "rate_limited", retryAfterSeconds: rate.retryAfterSeconds };
  const { applied, run } =
    e.kind === "log" ? attachNote(ctx, e) : e.kind === "start" ? startRun(ctx, e) : completeRun(ctx, e);
  const next = monitorAfterEvent(m, applied, e.now);
  const suspended = Boolean(m.suspended);
  const subject = {
    id: m.id,
    orgId: m.org_id,
    folded: next.paused || suspended,
    driftAlerts: Boolean(m.drift_alerts),
    snoozedUntil: time(m.snoozed_until),
    maintenanceUntil: time(m.maintenance_until),
    parentIncidentId: m.parent_incident_id == null ? null : Number(m.parent_incident_id),
  };
  return {
    outcome: "accepted",
    applied,
    run,
    log: run && run.kind !== "note" ? e.log : null,
    monitor: {
      recentPings: e.rateCapped ? formatRecentPings(rate.recent) : m.recent_pings,
      state: next.state,
      stateSince: next.changed ? e.now : null,
      nextExpectedAt: next.nextExpectedAt,
      lastRunStatus: applied.runStatus,
      paused: next.paused,
      unattachedEvents: applied.unattachedEvents ?? m.unattached_events,
      runRulesState: applied.rulesState ?? m.run_rules_state,
    },
    incidents: afterRunEvent(subject, applied, rules, e.now),
    shownState: displayState(next.state, next.paused, suspended),
  };
}

type Planned = { applied: AppliedEvent; run: RunWrite | null };

const duplicate = (r: RunView): Planned => ({
  applied: { rid: r.rid, runId: r.id, runStatus: r.status, completion: null, duplicate: true, drifted: false },
  run: null,
});

const pairingSince = (ctx: MonitorContext, e: RunEvent) =>
  new Date(e.now.getTime() - pairingWindowMs(ctx.monitor.max_runtime_seconds));

/** `/start`: a new running run, unless its rid is already recorded. */
function startRun(ctx: MonitorContext, e: RunEvent): Planned {
  const existing = e.rid ? ctx.runByRid(e.rid) : null;
  if (existing) return duplicate(existing);
  const rid = e.rid ?? ctx.newRid();
  return {
    applied: { rid, runId: null, runStatus: "running", completion: null, duplicate: false, drifted: false },
    run: {
      kind: "insert",
      rid,
      ridGenerated: !e.rid,
      status: "running",
      startedAt: e.now,
      finishedAt: null,
      exitCode: null,
      overlapped: ctx.anyRunning(),
      source: e.source,
      meta: meta(e),
      flag: null,
      flagDetail: null,
    },
  };
}

/** A success or failure: completes the paired running run, or records a complete run of its own. */
function completeRun(ctx: MonitorContext, e: RunEvent): Planned {
  const reported = e.kind === "success" ? "success" : "fail";
  const run = e.rid ? ctx.runByRid(e.rid) : ctx.openSynthesizedRun(pairingSince(ctx, e));
  if (run && run.status !== "running") return duplicate(run);
  const durationMs = run ? Math.max(0, e.now.getTime() - new Date(run.startedAt).getTime()) : null;
  const judged = judgeCompletion(ctx.monitor, reported, durationMs, e);
  const status = judged?.status ?? reported;
  const rules = judged
    ? { verdict: judged.verdict, rulesState: formatState(judged.state) }
    : ({} as Pick<AppliedEvent, "verdict" | "rulesState">);
  const flag = judged?.flag ?? null;
  const flagDetail = judged?.detail ?? null;
  if (!run) {
    // No start to pair with: a complete single-document run.
    const rid = e.rid ?? ctx.newRid();
    return {
      applied: { rid, runId: null, runStatus: status, completion: status, duplicate: false, drifted: false, ...rules },
      run: {
        kind: "insert",
        rid,
        ridGenerated: !e.rid,
        status,
        startedAt: e.now,
        finishedAt: e.now,
        exitCode: e.exitCode,
        overlapped: false,
        source: e.source,
        meta: meta(e),
        flag,
        flagDetail,
      },
    };
  }
  const m = ctx.monitor;
  const baseline = status === "success" ? baselineMs(ctx.successDurations(run.id)) : null;
  const drifted = status === "success" && isDrifted(durationMs!, baseline, m.drift_pct, m.drift_min_seconds);
  return {
    applied: {
      rid: run.rid,
      runId: run.id,
      runStatus: status,
      completion: status,
      duplicate: false,
      drifted,
      ...rules,
    },
    run: {
      kind: "complete",
      runId: run.id,
      status,
      finishedAt: e.now,
      exitCode: e.exitCode,
      durationMs: durationMs!,
      drifted,
      baselineMs: baseline,
      meta: meta(e),
      flag,
      flagDetail,
    },
  };
}

/** The run rules' judgement of a completion (null: the monitor has none). */
function judgeCompletion(
  m: PingMonitor,
  status: "success" | "fail",
  durationMs: number | null,
  e: RunEvent,
): JudgedRun | null {
  const rules = parseRules(m.run_rules);
  if (!rules) return null;
  return judgeRun(rules, parseState(m.run_rules_state), { status, durationMs, log: e.log?.text ?? null }, e.now);
}

/** `/log`: a note on the matching run's timeline; with no run at all, a monitor-level event (the last 100 kept). */
function attachNote(ctx: MonitorContext, e: RunEvent): Planned {
  const run = (e.rid ? ctx.runByRid(e.rid) : null) ?? ctx.openSynthesizedRun(pairingSince(ctx, e)) ?? ctx.latestRun();
  const note: TimelineEvent = {
    at: e.now.toISOString(),
    kind: "log",
    message: e.log?.text ?? "",
    ...(e.rid ? { rid: e.rid } : {}),
  };
  if (!run) {
    const events = [...(JSON.parse(ctx.monitor.unattached_events) as TimelineEvent[]), note].slice(-100);
    return {
      applied: {
        rid: e.rid,
        runId: null,
        runStatus: null,
        completion: null,
        duplicate: false,
        drifted: false,
        unattachedEvents: JSON.stringify(events),
      },
      run: null,
    };
  }
  return {
    applied: { rid: run.rid, runId: run.id, runStatus: run.status, completion: null, duplicate: false, drifted: false },
    run: {
      kind: "note",
      runId: run.id,
      events: JSON.stringify([...(JSON.parse(run.events) as TimelineEvent[]), note]),
    },
  };
}

const meta = (e: RunEvent) => (e.meta ? JSON.stringify(e.meta) : null);
const time = (s: string | null) => (s === null ? null : new Date(s));
