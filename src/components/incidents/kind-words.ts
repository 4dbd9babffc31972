/** What each incident kind reads as on the dashboard. */
export const KIND_WORDS = {
  missed: "Missed run",
  failed: "Failed run",
  max_runtime: "Ran too long",
  service_down: "Service down",
  too_short: "Too short",
  too_many_runs: "Too many runs",
  too_few_runs: "Too few runs",
  threshold: "Failures over threshold",
  failure_keyword: "Failure keyword",
} as const;
