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
 * What a run rule found wrong with a completed run (docs/api-cron-monitors.md, "Run rules"): shorter
 * than its minimum, one too many in its period, a failure keyword in its log, none of its success
 * keywords in its log.
 */
export const RUN_FLAGS = ["too_short", "too_many_runs", "failure_keyword", "no_success_keyword"] as const;
export type RunFlag = (typeof RUN_FLAGS)[number];
