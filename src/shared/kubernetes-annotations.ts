/**
 * The CronJob annotations the Kubernetes agent reads (src/k8s-agent/mapping.ts), shared with the
 * monitor page that shows them.
 */
/** Opts a CronJob in (`"true"`) or out (`"false"`). */
export const MONITOR_ANNOTATION = "lifeline.dev/monitor";
/** Overrides the monitor's grace period in seconds (at least 60; default: startingDeadlineSeconds). */
export const GRACE_ANNOTATION = "lifeline.dev/grace-seconds";
/** The monitor's project id (`""`: no project). */
export const PROJECT_ANNOTATION = "lifeline.dev/project-id";
/** The integrations to notify, as comma-separated ids (`"3,7"`; `""`: the organization's defaults). */
export const INTEGRATIONS_ANNOTATION = "lifeline.dev/integration-ids";

/** The annotations that give a CronJob's monitor these settings, as YAML under `metadata:`. */
export function annotationLines(settings: {
  grace_seconds: number;
  project_id: number | null;
  integration_ids: number[];
}): string {
  const lines = [`${MONITOR_ANNOTATION}: "true"`, `${GRACE_ANNOTATION}: "${settings.grace_seconds}"`];
  if (settings.project_id !== null) lines.push(`${PROJECT_ANNOTATION}: "${settings.project_id}"`);
  if (settings.integration_ids.length > 0)
    lines.push(`${INTEGRATIONS_ANNOTATION}: "${settings.integration_ids.join(",")}"`);
  return ["metadata:", "  annotations:", ...lines.map((l) => `    ${l}`)].join("\n");
}
