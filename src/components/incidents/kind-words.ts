/** What each incident kind reads as on the dashboard. */
export const KIND_WORDS = {
  missed: "Missed run",
  failed: "Failed run",
  max_runtime: "Ran too long",
  service_down: "Service down",
} as const;
