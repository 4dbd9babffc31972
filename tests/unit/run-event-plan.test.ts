import { describe, expect, it } from "vitest";
import { NO_HOLD_RULES } from "../../src/server/domain/incidents";
import {
  planEvent,
  type MonitorContext,
  type PingMonitor,
  type RunEvent,
  type RunView,
} from "../../src/server/domain/run-event-plan";

// What a run event does, decided with no database: the rules read an in-memory monitor and its runs.

const NOW = new Date("2027-03-01T12:00:00.000Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();

function monitor(fields: Partial<PingMonitor> = {}): PingMonitor {
  return {
    id: 7,
    org_id: 3,
    schedule_kind: "period",
    cron_expression: null,
    timezone: "UTC",
    period_seconds: 3600,
    max_runtime_seconds: null,
    drift_pct: 0.5,
    drift_min_seconds: 30,
    drift_alerts: true,
    paused: false,
    suspended: false,
    state: "up",
    next_expected_at: minutesAgo(-30),
    recent_pings: "",
    unattached_events: "[]",
    snoozed_until: null,
    maintenance_until: null,
    run_rules: null,
    run_rules_state: null,
    ...fields,
  };
}

/** A monitor with these runs (newest last) and these past success durations. */
function context(m: PingMonitor, runs: RunView[] = [], durations: number[] = []): MonitorContext {
  const synthesized = new Set(runs.filter((r) => r.rid.startsWith("gen-")).map((r) => r.id));
  return {
    monitor: m,
    runByRid: (rid) => runs.find((r) => r.rid === rid) ?? null,
    openSynthesizedRun: (since) =>
      [...runs]
        .reverse()
        .find((r) => r.status === "running" && synthesized.has(r.id) && new Date(r.startedAt) > since) ?? null,
    latestRun: () => runs.at(-1) ?? null,
    anyRunning: () => runs.some((r) => r.status === "running"),
    successDurations: () => durations,
    newRid: () => "gen-new",
  };
}

const event = (kind: RunEvent["kind"], fields: Partial<RunEvent> = {}): RunEvent => ({
  target: { token: "t" },
  kind,
  exitCode: null,
  rid: null,
  log: null,
  source: "shell",
  meta: null,
  rateCapped: true,
  now: NOW,
  ...fields,
});

const run = (id: number, rid: string, status: string, startedMinutesAgo: number): RunView => ({
  id,
  rid,
  status,
  startedAt: minutesAgo(startedMinutesAgo),
  events: "[]",
});

describe("what a run event does (domain/run-event-plan.ts)", () => {
  it("a start opens a running run, overlapping when another still runs", () => {
    const plan = planEvent(
      context(monitor(), [run(1, "a", "running", 5)]),
      event("start", { rid: "b" }),
      NO_HOLD_RULES,
    );
    expect(plan.outcome).toBe("accepted");
    if (plan.outcome !== "accepted") return;
    expect(plan.run).toMatchObject({
      kind: "insert",
      rid: "b",
      ridGenerated: false,
      status: "running",
      overlapped: true,
      finishedAt: null,
    });
    expect(plan.applied).toMatchObject({
      rid: "b",
      runId: null,
      runStatus: "running",
      completion: null,
      duplicate: false,
    });
  });

  it("a success pairs with its start by rid, measures the duration and flags drift against the baseline", () => {
    const plan = planEvent(
      context(
        monitor(),
        [run(1, "a", "running", 10)],
        Array.from({ length: 10 }, () => 60_000),
      ),
      event("success", { rid: "a" }),
      NO_HOLD_RULES,
    );
    if (plan.outcome !== "accepted") throw new Error("refused");
    expect(plan.run).toMatchObject({
      kind: "complete",
      runId: 1,
      status: "success",
      durationMs: 600_000,
      drifted: true,
      baselineMs: 60_000,
    });
    expect(plan.incidents.drifted).toBe(true);
  });

  it("a repeated completion is a duplicate that writes no run and changes no state", () => {
    const plan = planEvent(
      context(monitor({ state: "up" }), [run(1, "a", "success", 10)]),
      event("fail", { rid: "a" }),
      NO_HOLD_RULES,
    );
    if (plan.outcome !== "accepted") throw new Error("refused");
    expect(plan.run).toBeNull();
    expect(plan.applied.duplicate).toBe(true);
    expect(plan.incidents.open).toBeNull();
  });

  it("a failure without a start is a complete run of its own and opens a failed incident with the one reason text", () => {
    const plan = planEvent(context(monitor()), event("fail", { exitCode: 2 }), NO_HOLD_RULES);
    if (plan.outcome !== "accepted") throw new Error("refused");
    expect(plan.run).toMatchObject({
      kind: "insert",
      rid: "gen-new",
      ridGenerated: true,
      status: "fail",
      exitCode: 2,
      finishedAt: NOW,
    });
    expect(plan.incidents.open).toMatchObject({ kind: "failed", reason: "The job reported a failure", notify: true });
    expect(plan.monitor.state).toBe("down");
  });

  it("a completion without a rid pairs with the open synthesized run only inside the pairing window", () => {
    const inside = planEvent(context(monitor(), [run(4, "gen-1", "running", 30)]), event("success"), NO_HOLD_RULES);
    const outside = planEvent(
      context(monitor({ max_runtime_seconds: 600 }), [run(4, "gen-1", "running", 30)]),
      event("success"),
      NO_HOLD_RULES,
    );
    expect(inside.outcome === "accepted" && inside.run?.kind).toBe("complete");
    expect(outside.outcome === "accepted" && outside.run?.kind).toBe("insert");
  });

  it("a log with no run is kept on the monitor, the last 100 notes only", () => {
    const notes = Array.from({ length: 100 }, (_, i) => ({ at: minutesAgo(i), kind: "log", message: `n${i}` }));
    const plan = planEvent(
      context(monitor({ unattached_events: JSON.stringify(notes) })),
      event("log", { log: { text: "hello", bytes: 5, truncated: false } }),
      NO_HOLD_RULES,
    );
    if (plan.outcome !== "accepted") throw new Error("refused");
    const kept = JSON.parse(plan.monitor.unattachedEvents) as { message: string }[];
    expect(kept).toHaveLength(100);
    expect(kept.at(-1)).toMatchObject({ message: "hello", at: NOW.toISOString() });
    expect(plan.run).toBeNull();
    expect(plan.log).toBeNull();
  });

  it("the sixth capped ping within a minute is refused with the seconds to wait, and nothing is planned", () => {
    const recent = Array.from({ length: 5 }, (_, i) => NOW.getTime() - (50 - i) * 1000).join(",");
    const plan = planEvent(context(monitor({ recent_pings: recent })), event("success"), NO_HOLD_RULES);
    expect(plan.outcome).toBe("rate_limited");
    const uncapped = planEvent(
      context(monitor({ recent_pings: recent })),
      event("success", { rateCapped: false }),
      NO_HOLD_RULES,
    );
    expect(uncapped.outcome).toBe("accepted");
  });
});
