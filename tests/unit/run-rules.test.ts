import { describe, expect, it } from "vitest";
import {
  NO_RULES_WIRE,
  failureOpening,
  failuresCounted,
  formatRules,
  formatState,
  judgeMissed,
  judgePeriod,
  judgeRun,
  keywordIn,
  parseRules,
  recovers,
  runsDueAt,
  type RulesState,
  type RunRulesWire,
} from "../../src/server/domain/run-rules";
import { capLog } from "../../src/server/domain/runs";
import { afterRunEvent, NO_HOLD_RULES } from "../../src/server/domain/incidents";

// The run rules, pure: every instant passed in (docs/api-cron-monitors.md, "Run rules").

const NOW = new Date("2027-03-01T12:00:00.000Z");
const rules = (w: Partial<RunRulesWire>) => parseRules(formatRules({ ...NO_RULES_WIRE, ...w }))!;
const empty: RulesState = { outcomes: "", times: [] };
const success = (durationMs: number | null = 60_000, log: string | null = null) =>
  ({ status: "success", durationMs, log }) as const;

/** Judges `events` in turn from no history; the last judgement. */
function runAll(r: ReturnType<typeof rules>, statuses: ("success" | "fail")[]) {
  let state = empty;
  let last: ReturnType<typeof judgeRun> | null = null;
  statuses.forEach((status, i) => {
    last = judgeRun(r, state, { status, durationMs: 60_000, log: null }, new Date(NOW.getTime() + i * 60_000));
    state = last.state;
  });
  return last!;
}

describe("a monitor without rules", () => {
  it("stores no rules, so its events are judged as before", () => {
    expect(formatRules(NO_RULES_WIRE)).toBeNull();
    expect(parseRules(null)).toBeNull();
    expect(failuresCounted(null, null)).toBeNull();
  });
});

describe("failure threshold", () => {
  const r = rules({ failure_threshold: 3 });

  it("counts N-1 failures in a row without opening", () => {
    const judged = runAll(r, ["fail", "fail"]);
    expect(judged.verdict.open).toBeNull();
    expect(failuresCounted(formatRules({ ...NO_RULES_WIRE, failure_threshold: 3 }), formatState(judged.state))).toBe(2);
  });

  it("opens a threshold incident at exactly N failures in a row", () => {
    expect(runAll(r, ["fail", "fail", "fail"]).verdict.open).toEqual({
      kind: "threshold",
      reason: "3 consecutive failures",
    });
  });

  it("starts counting again after a success", () => {
    expect(runAll(r, ["fail", "fail", "success", "fail", "fail"]).verdict.open).toBeNull();
  });

  it("counts missed runs as failures", () => {
    const twoFailed = runAll(r, ["fail", "fail"]).state;
    const missed = judgeMissed(r, twoFailed, { first: NOW, count: 1, skipped: false });
    expect(missed.open).toEqual({ kind: "threshold", reason: "3 consecutive failures" });
    expect(judgeMissed(r, empty, { first: NOW, count: 1, skipped: false }).open).toBeNull();
  });

  it("a threshold of 1 opens the failure's own incident on the first failure, as without rules", () => {
    expect(runAll(rules({ failure_threshold: 1 }), ["fail"]).verdict.open).toEqual({
      kind: "failed",
      reason: "The job reported a failure",
    });
  });
});

describe("failure rate", () => {
  const r = rules({ failure_rate_pct: 40, failure_rate_window: 10 });
  const runs = (failures: number, total: number) =>
    Array.from({ length: total }, (_, i) => (i < total - failures ? "s" : "f")).join("");

  it("opens at the edge: 4 of the last 10 runs failed against 40 %", () => {
    const outcomes = "ssssss" + "ffff";
    expect(failureOpening(r, outcomes)).toEqual({ reason: "40% of the last 10 runs failed" });
  });

  it("does not open below the edge: 3 of 10", () => {
    expect(failureOpening(r, runs(3, 10))).toBeNull();
  });

  it("waits for a full window", () => {
    expect(failureOpening(r, "ffff")).toBeNull();
  });

  it("with a threshold too, whichever is reached first opens", () => {
    const both = rules({ failure_threshold: 5, failure_rate_pct: 40, failure_rate_window: 10 });
    expect(failureOpening(both, "sfsfsfsfsf")).toEqual({ reason: "50% of the last 10 runs failed" });
    expect(failureOpening(both, "fffff")).toEqual({ reason: "5 consecutive failures" });
  });
});

describe("recovery threshold", () => {
  const r = rules({ recovery_threshold: 2 });

  it("resolves on the Nth success in a row, not on the N-1th", () => {
    expect(recovers(r, "fs")).toBe(false);
    expect(recovers(r, "fss")).toBe(true);
    expect(runAll(r, ["fail", "success"]).verdict.resolve).toBe(false);
    expect(runAll(r, ["fail", "success", "success"]).verdict.resolve).toBe(true);
  });

  it("defaults to the first success", () => {
    expect(recovers(null, "fs")).toBe(true);
  });
});

describe("minimum runtime", () => {
  const r = rules({ min_runtime_seconds: 60 });

  it("fails a success one millisecond short of the minimum, flagged too_short", () => {
    const judged = judgeRun(r, empty, success(59_999), NOW);
    expect(judged).toMatchObject({ status: "fail", flag: "too_short" });
    expect(judged.verdict.open).toEqual({
      kind: "too_short",
      reason: "The run took 59.9 s, shorter than its 60 s minimum",
    });
  });

  it("passes a run of exactly the minimum", () => {
    expect(judgeRun(r, empty, success(60_000), NOW)).toMatchObject({ status: "success", flag: null });
  });

  it("never judges a run with no start (its duration is unknown)", () => {
    expect(judgeRun(r, empty, success(null), NOW).status).toBe("success");
  });

  it("a run both too short and failed stays a failure, flagged too_short, with the failure's incident", () => {
    const judged = judgeRun(r, empty, { status: "fail", durationMs: 2000, log: null }, NOW);
    expect(judged).toMatchObject({ status: "fail", flag: "too_short" });
    expect(judged.verdict.open?.kind).toBe("failed");
  });
});

describe("output keywords", () => {
  it("fails a success whose log contains a failure keyword, naming it", () => {
    const judged = judgeRun(rules({ failure_keywords: ["ERROR"] }), empty, success(1000, "ok\nerror: disk"), NOW);
    expect(judged).toMatchObject({ status: "fail", flag: "failure_keyword", detail: "ERROR" });
    expect(judged.verdict.open).toEqual({
      kind: "failure_keyword",
      reason: 'The run\'s log contains the failure keyword "ERROR"',
    });
  });

  it("matches case-sensitively when asked", () => {
    const r = rules({ failure_keywords: ["ERROR"], keywords_case_sensitive: true });
    expect(judgeRun(r, empty, success(1000, "error: disk"), NOW).status).toBe("success");
    expect(judgeRun(r, empty, success(1000, "ERROR: disk"), NOW).status).toBe("fail");
  });

  it("fails a success whose log has none of its success keywords", () => {
    const r = rules({ success_keywords: ["backup complete"] });
    expect(judgeRun(r, empty, success(1000, "Backup Complete"), NOW).status).toBe("success");
    expect(judgeRun(r, empty, success(1000, "nothing"), NOW)).toMatchObject({
      status: "fail",
      flag: "no_success_keyword",
    });
  });

  it("finds a keyword ending at the 100 KB cut, and not one the cut splits", () => {
    const at = (keyword: string, end: number) =>
      capLog(Buffer.from("x".repeat(end - keyword.length) + keyword + "tail"));
    const whole = at("ERROR", 102_400);
    expect(whole.text.length).toBe(102_400);
    expect(keywordIn(whole.text, ["ERROR"], false)).toBe("ERROR");
    const split = at("ERROR", 102_402);
    expect(keywordIn(split.text, ["ERROR"], false)).toBeNull();
  });
});

describe("maximum runs per period", () => {
  const r = rules({ max_runs_per_period: 3, runs_period_seconds: 3600 });

  it("flags the 4th completed run inside one rolling hour, not the 3rd", () => {
    let state = empty;
    const flags: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      const judged = judgeRun(r, state, success(), new Date(NOW.getTime() + i * 10 * 60_000));
      flags.push(judged.flag);
      state = judged.state;
    }
    expect(flags).toEqual([null, null, null, "too_many_runs"]);
  });

  it("forgets runs older than the period", () => {
    const state = { outcomes: "sss", times: [0, 1, 2].map((i) => NOW.getTime() - 3600_000 - i) };
    expect(judgeRun(r, state, success(), NOW).flag).toBeNull();
  });
});

describe("expected runs per period", () => {
  const r = rules({ expected_runs_per_period: 2, runs_period_seconds: 3600 });

  it("opens too_few_runs at the period's end with fewer runs than expected", () => {
    expect(judgePeriod(r, 1, NOW)).toEqual({
      open: { kind: "too_few_runs", reason: "1 run in the 3600 s period that ended, 2 expected" },
      nextDueAt: new Date(NOW.getTime() + 3600_000),
    });
  });

  it("opens nothing with exactly the expected runs", () => {
    expect(judgePeriod(r, 2, NOW).open).toBeNull();
  });

  it("starts a period when set and keeps it while unchanged", () => {
    const set = { ...NO_RULES_WIRE, expected_runs_per_period: 2, runs_period_seconds: 3600 };
    const due = runsDueAt(NO_RULES_WIRE, set, null, NOW);
    expect(due).toEqual(new Date(NOW.getTime() + 3600_000));
    expect(runsDueAt(set, { ...set, expected_runs_per_period: 3 }, due, new Date(NOW.getTime() + 60_000))).toEqual(due);
    expect(runsDueAt(set, NO_RULES_WIRE, due, NOW)).toBeNull();
  });
});

describe("the incident decision with a verdict", () => {
  const monitor = { id: 1, orgId: 2, folded: false, driftAlerts: false };

  it("opens nothing for a failure below its threshold, and resolves nothing before the recovery threshold", () => {
    const below = afterRunEvent(
      monitor,
      { completion: "fail", duplicate: false, drifted: false, verdict: { open: null, resolve: false } },
      NO_HOLD_RULES,
      NOW,
    );
    expect(below.open).toBeNull();
    const notYet = afterRunEvent(
      monitor,
      { completion: "success", duplicate: false, drifted: false, verdict: { open: null, resolve: false } },
      NO_HOLD_RULES,
      NOW,
    );
    expect(notYet.resolve).toBeNull();
  });

  it("opens the verdict's kind and reason", () => {
    const plan = afterRunEvent(
      monitor,
      {
        completion: "fail",
        duplicate: false,
        drifted: false,
        verdict: { open: { kind: "threshold", reason: "3 consecutive failures" }, resolve: false },
      },
      NO_HOLD_RULES,
      NOW,
    );
    expect(plan.open).toMatchObject({ kind: "threshold", reason: "3 consecutive failures", notify: true });
  });
});
