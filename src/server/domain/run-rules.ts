import type { RunFlag } from "../../shared/incident-kinds";
import {
  FAILED_REASON,
  consecutiveFailuresReason,
  failureKeywordReason,
  failureRateReason,
  missedReason,
  noSuccessKeywordReason,
  tooFewRunsReason,
  tooManyRunsReason,
  tooShortReason,
  type IncidentKind,
} from "./incidents";

/**
 * A cron monitor's run rules (docs/api-cron-monitors.md, "Run rules"), pure: every instant is
 * passed in. How a completed run is judged (its minimum runtime, its output keywords, how many runs
 * its period allows), when failures open an incident (after N in a row, or a failure rate over the
 * last runs) and when successes resolve it, and what the sweeper finds at the end of a period that
 * expects runs. The incident kinds and reasons are written in domain/incidents.ts; this module
 * chooses among them.
 *
 * A monitor without rules (`run_rules` null: every field unset) is judged exactly as before they
 * existed, and its events pay nothing: the rules and what they remember between events
 * (`run_rules_state`: the latest outcomes, the latest completions' times) are columns of the
 * monitor's own row, read and written by the statements a ping already runs.
 */

export type RunRules = {
  failureThreshold: number | null;
  failureRatePct: number | null;
  failureRateWindow: number | null;
  recoveryThreshold: number | null;
  successKeywords: string[];
  failureKeywords: string[];
  keywordsCaseSensitive: boolean;
  minRuntimeSeconds: number | null;
  maxRunsPerPeriod: number | null;
  expectedRunsPerPeriod: number | null;
  runsPeriodSeconds: number | null;
};

/** The rules as the API reads and writes them (every field; null or empty: unset). */
export type RunRulesWire = {
  failure_threshold: number | null;
  failure_rate_pct: number | null;
  failure_rate_window: number | null;
  recovery_threshold: number | null;
  success_keywords: string[];
  failure_keywords: string[];
  keywords_case_sensitive: boolean;
  min_runtime_seconds: number | null;
  max_runs_per_period: number | null;
  expected_runs_per_period: number | null;
  runs_period_seconds: number | null;
};

/** The window of a failure rate when none is given, and the period of run counts. */
export const DEFAULT_RATE_WINDOW = 10;
export const DEFAULT_RUNS_PERIOD_SECONDS = 3600;
/** Outcomes remembered at most (the largest window or threshold is 100). */
const MAX_OUTCOMES = 101;

export const NO_RULES_WIRE: RunRulesWire = {
  failure_threshold: null,
  failure_rate_pct: null,
  failure_rate_window: null,
  recovery_threshold: null,
  success_keywords: [],
  failure_keywords: [],
  keywords_case_sensitive: false,
  min_runtime_seconds: null,
  max_runs_per_period: null,
  expected_runs_per_period: null,
  runs_period_seconds: null,
};

/** The wire fields over the stored rules (a PATCH's subset over what was stored). */
export function mergeRules(stored: RunRulesWire, fields: Partial<RunRulesWire>): RunRulesWire {
  const merged = { ...stored };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  return merged;
}

/** Whether any rule is set: a monitor with none stores null and is judged as before. */
export function usesRunRules(w: RunRulesWire): boolean {
  return (
    w.failure_threshold !== null ||
    w.failure_rate_pct !== null ||
    w.recovery_threshold !== null ||
    w.success_keywords.length > 0 ||
    w.failure_keywords.length > 0 ||
    w.min_runtime_seconds !== null ||
    w.max_runs_per_period !== null ||
    w.expected_runs_per_period !== null
  );
}

/** The stored text of the rules (null: none set). */
export function formatRules(w: RunRulesWire): string | null {
  return usesRunRules(w) ? JSON.stringify(w) : null;
}

/** The stored rules as the API shows them (every field; defaults filled where a rule uses them). */
export function rulesWire(text: string | null): RunRulesWire {
  if (!text) return NO_RULES_WIRE;
  const w = { ...NO_RULES_WIRE, ...(JSON.parse(text) as Partial<RunRulesWire>) };
  return {
    ...w,
    failure_rate_window: w.failure_rate_pct !== null ? (w.failure_rate_window ?? DEFAULT_RATE_WINDOW) : null,
    runs_period_seconds:
      w.max_runs_per_period !== null || w.expected_runs_per_period !== null
        ? (w.runs_period_seconds ?? DEFAULT_RUNS_PERIOD_SECONDS)
        : null,
  };
}

/** The stored rules as the judging rules take them (null: none). */
export function parseRules(text: string | null): RunRules | null {
  if (!text) return null;
  const w = rulesWire(text);
  return {
    failureThreshold: w.failure_threshold,
    failureRatePct: w.failure_rate_pct,
    failureRateWindow: w.failure_rate_window,
    recoveryThreshold: w.recovery_threshold,
    successKeywords: w.success_keywords,
    failureKeywords: w.failure_keywords,
    keywordsCaseSensitive: w.keywords_case_sensitive,
    minRuntimeSeconds: w.min_runtime_seconds,
    maxRunsPerPeriod: w.max_runs_per_period,
    expectedRunsPerPeriod: w.expected_runs_per_period,
    runsPeriodSeconds: w.runs_period_seconds,
  };
}

// --- What the rules remember between events -----------------------------------------------------

/** The latest outcomes (`s` success, `f` failed or missed; oldest first) and completions' times (epoch ms). */
export type RulesState = { outcomes: string; times: number[] };

export function parseState(text: string | null): RulesState {
  if (!text) return { outcomes: "", times: [] };
  const s = JSON.parse(text) as { o?: string; t?: number[] };
  return { outcomes: s.o ?? "", times: s.t ?? [] };
}

export const formatState = (s: RulesState): string => JSON.stringify({ o: s.outcomes, t: s.times });

/** How many outcomes the rules need to remember. */
function kept(rules: RunRules): number {
  const window = rules.failureRatePct !== null ? (rules.failureRateWindow ?? DEFAULT_RATE_WINDOW) : 0;
  return Math.min(MAX_OUTCOMES, Math.max(rules.failureThreshold ?? 1, rules.recoveryThreshold ?? 1, window) + 1);
}

const trailing = (outcomes: string, c: "s" | "f"): number => {
  let n = 0;
  for (let i = outcomes.length - 1; i >= 0 && outcomes[i] === c; i--) n++;
  return n;
};

function record(rules: RunRules, outcomes: string, added: string): string {
  return (outcomes + added).slice(-kept(rules));
}

// --- Failure thresholds ---------------------------------------------------------------------------

/**
 * Whether the failures recorded (the latest outcome being a failure) open an incident: `base` (the
 * failure's own kind: no threshold or rate set, or a threshold of 1), a `threshold` incident with
 * its reason (N failures in a row reached, or the rate over a full window reached), or null (below).
 * With only a rate set, only the rate opens; with both, whichever is reached first.
 */
export function failureOpening(rules: RunRules, outcomes: string): "base" | { reason: string } | null {
  const n = rules.failureThreshold;
  const pct = rules.failureRatePct;
  if (n === null && pct === null) return "base";
  const inRow = trailing(outcomes, "f");
  if (n !== null && inRow >= n) return n === 1 ? "base" : { reason: consecutiveFailuresReason(inRow) };
  if (pct !== null) {
    const window = rules.failureRateWindow ?? DEFAULT_RATE_WINDOW;
    if (outcomes.length >= window) {
      const failed = countFailures(outcomes.slice(-window));
      if (failed * 100 >= pct * window) return { reason: failureRateReason(failed, window) };
    }
  }
  return null;
}

const countFailures = (outcomes: string) => outcomes.split("f").length - 1;

/** Whether the successes in a row recorded resolve the open incident (`recovery_threshold`, default 1). */
export function recovers(rules: RunRules | null, outcomes: string): boolean {
  return trailing(outcomes, "s") >= (rules?.recoveryThreshold ?? 1);
}

/**
 * The failures a monitor with a threshold or rate has counted (shown while below it): failures in a
 * row with a threshold, else the failures in the rate's window; null without either.
 */
export function failuresCounted(rulesText: string | null, stateText: string | null): number | null {
  const rules = parseRules(rulesText);
  if (!rules || (rules.failureThreshold === null && rules.failureRatePct === null)) return null;
  const { outcomes } = parseState(stateText);
  if (rules.failureThreshold !== null) return trailing(outcomes, "f");
  return countFailures(outcomes.slice(-(rules.failureRateWindow ?? DEFAULT_RATE_WINDOW)));
}

// --- Judging a completed run ----------------------------------------------------------------------

/** The first keyword found in `log`, or null (one pass per keyword over at most the 100 KB captured). */
export function keywordIn(log: string, keywords: readonly string[], caseSensitive: boolean): string | null {
  if (keywords.length === 0) return null;
  const haystack = caseSensitive ? log : log.toLowerCase();
  return keywords.find((k) => haystack.includes(caseSensitive ? k : k.toLowerCase())) ?? null;
}

/** What the incident rules do after an event the run rules judged. */
export type Verdict = {
  /** The incident a failure opens (null: below its threshold, or not a failure). */
  open: { kind: IncidentKind; reason: string } | null;
  /** Whether a success resolves the open incident. */
  resolve: boolean;
};

export type JudgedRun = {
  status: "success" | "fail";
  flag: RunFlag | null;
  /** The flag's detail: the failure keyword found. */
  detail: string | null;
  state: RulesState;
  verdict: Verdict;
};

/**
 * A completed run judged by the rules: a success shorter than the minimum, with a failure keyword
 * (or none of the success keywords) in its log, or one run too many in the rolling period fails
 * (the first of these that holds is its flag). A reported failure stays failed; shorter than the
 * minimum it carries `too_short` too, and its incident is the failure's. `durationMs` null: a run
 * with no start, whose duration is unknown, is never too short. `log`: the completion's captured log
 * (already cut at 100 KB).
 */
export function judgeRun(
  rules: RunRules,
  state: RulesState,
  run: { status: "success" | "fail"; durationMs: number | null; log: string | null },
  now: Date,
): JudgedRun {
  const periodMs = (rules.runsPeriodSeconds ?? DEFAULT_RUNS_PERIOD_SECONDS) * 1000;
  const at = now.getTime();
  const times =
    rules.maxRunsPerPeriod !== null
      ? [...state.times.filter((t) => t > at - periodMs && t <= at), at].slice(-(rules.maxRunsPerPeriod + 1))
      : [];
  const tooShort =
    rules.minRuntimeSeconds !== null && run.durationMs !== null && run.durationMs < rules.minRuntimeSeconds * 1000;
  let flag: RunFlag | null = null;
  let detail: string | null = null;
  let base: { kind: IncidentKind; reason: string } = { kind: "failed", reason: FAILED_REASON };
  if (tooShort) {
    flag = "too_short";
    if (run.status === "success")
      base = { kind: "too_short", reason: tooShortReason(run.durationMs!, rules.minRuntimeSeconds!) };
  }
  if (run.status === "success" && flag === null) {
    const log = run.log ?? "";
    const failure = keywordIn(log, rules.failureKeywords, rules.keywordsCaseSensitive);
    if (failure !== null) {
      flag = "failure_keyword";
      detail = failure;
      base = { kind: "failure_keyword", reason: failureKeywordReason(failure) };
    } else if (
      rules.successKeywords.length > 0 &&
      keywordIn(log, rules.successKeywords, rules.keywordsCaseSensitive) === null
    ) {
      flag = "no_success_keyword";
      base = { kind: "failure_keyword", reason: noSuccessKeywordReason() };
    } else if (rules.maxRunsPerPeriod !== null && times.length > rules.maxRunsPerPeriod) {
      flag = "too_many_runs";
      base = {
        kind: "too_many_runs",
        reason: tooManyRunsReason(times.length, rules.maxRunsPerPeriod, periodMs / 1000),
      };
    }
  }
  const status = run.status === "success" && flag === null ? "success" : "fail";
  const outcomes = record(rules, state.outcomes, status === "success" ? "s" : "f");
  return {
    status,
    flag,
    detail,
    state: { outcomes, times },
    verdict: verdictAfter(rules, outcomes, status, base),
  };
}

/** The sweeper recorded `count` missed runs: failures, counted towards the threshold like any other. */
export function judgeMissed(
  rules: RunRules,
  state: RulesState,
  missed: { first: Date; count: number; skipped: boolean },
): { state: RulesState; open: Verdict["open"] } {
  const outcomes = record(rules, state.outcomes, "f".repeat(Math.min(missed.count, MAX_OUTCOMES)));
  const base = { kind: "missed" as const, reason: missedReason(missed.first, missed.count, missed.skipped) };
  return { state: { outcomes, times: state.times }, open: verdictAfter(rules, outcomes, "fail", base).open };
}

function verdictAfter(
  rules: RunRules,
  outcomes: string,
  status: "success" | "fail",
  base: { kind: IncidentKind; reason: string },
): Verdict {
  if (status === "success") return { open: null, resolve: recovers(rules, outcomes) };
  const opening = failureOpening(rules, outcomes);
  return {
    open: opening === null ? null : opening === "base" ? base : { kind: "threshold", reason: opening.reason },
    resolve: false,
  };
}

// --- Expected runs per period (the sweeper) -------------------------------------------------------

/**
 * The end of the first period of expected runs after the rules were written: a period starts when
 * `expected_runs_per_period` is set (or its period changed) and the next starts where it ends.
 * Null: no expected runs. Unchanged rules keep the period they are in.
 */
export function runsDueAt(before: RunRulesWire, after: RunRulesWire, currentDue: Date | null, now: Date): Date | null {
  if (after.expected_runs_per_period === null) return null;
  const period = after.runs_period_seconds ?? DEFAULT_RUNS_PERIOD_SECONDS;
  const samePeriod =
    before.expected_runs_per_period !== null && (before.runs_period_seconds ?? DEFAULT_RUNS_PERIOD_SECONDS) === period;
  return samePeriod && currentDue ? currentDue : new Date(now.getTime() + period * 1000);
}

/**
 * A period of expected runs ended at `dueAt` with `count` completed runs finished inside it
 * (`[dueAt - period, dueAt)`): fewer than expected opens a `too_few_runs` incident. The next period
 * starts at `dueAt`; a sweeper that fell behind judges each ended period in turn.
 */
export function judgePeriod(
  rules: RunRules,
  count: number,
  dueAt: Date,
): { open: Verdict["open"]; nextDueAt: Date | null } {
  if (rules.expectedRunsPerPeriod === null) return { open: null, nextDueAt: null };
  const period = rules.runsPeriodSeconds ?? DEFAULT_RUNS_PERIOD_SECONDS;
  const open =
    count < rules.expectedRunsPerPeriod
      ? { kind: "too_few_runs" as const, reason: tooFewRunsReason(count, rules.expectedRunsPerPeriod, period) }
      : null;
  return { open, nextDueAt: new Date(dueAt.getTime() + period * 1000) };
}

/** The start of the period that ends at `dueAt`. */
export function periodStart(rules: RunRules, dueAt: Date): Date {
  return new Date(dueAt.getTime() - (rules.runsPeriodSeconds ?? DEFAULT_RUNS_PERIOD_SECONDS) * 1000);
}
