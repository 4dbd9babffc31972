/**
 * The incident kinds and run flags, named once: the domain's rules (src/server/domain/incidents.ts,
 * run-rules.ts) decide them, the schemas, the notification texts and the dashboard read this list.
 */
export const INCIDENT_KINDS = [
  "missed",
  "failed",
  "max_runtime",
  "service_down",
  "too_short",
  "too_many_runs",
  "too_few_runs",
  "threshold",
  "failure_keyword",
] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

/**
 * What each incident kind means, in fixed words (notification headlines, status pages). Never the
 * incident's reason text, which may name a target or a keyword.
 */
export const INCIDENT_KIND_WORDS: Record<IncidentKind, string> = {
  service_down: "its checks fail",
  missed: "an expected ping did not arrive",
  failed: "the job reported a failure",
  max_runtime: "a run exceeded its maximum run time",
  too_short: "a run was shorter than its minimum run time",
  too_many_runs: "more runs than allowed in a period",
  too_few_runs: "fewer runs than expected in a period",
  threshold: "failures reached the monitor's threshold",
  failure_keyword: "a run's output failed its keyword rules",
};

export const incidentKindText = (kind: string): string => INCIDENT_KIND_WORDS[kind as IncidentKind] ?? kind;

/**
 * What a run rule found wrong with a completed run (docs/api-cron-monitors.md, "Run rules"): shorter
 * than its minimum, one too many in its period, a failure keyword in its log, none of its success
 * keywords in its log.
 */
export const RUN_FLAGS = ["too_short", "too_many_runs", "failure_keyword", "no_success_keyword"] as const;
export type RunFlag = (typeof RUN_FLAGS)[number];

/** What each run flag reads as, in the dashboard, notifications and status pages. */
export const RUN_FLAG_WORDS: Record<RunFlag, string> = {
  too_short: "too short",
  too_many_runs: "too many runs",
  failure_keyword: "failure keyword",
  no_success_keyword: "no success keyword",
};

/** A run's flag in words, with its detail (the failure keyword found): "failure keyword (ERROR)". */
export function runFlagText(flag: string, detail: string | null): string {
  const words = RUN_FLAG_WORDS[flag as RunFlag] ?? flag;
  return detail ? `${words} (${detail})` : words;
}
