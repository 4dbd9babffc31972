import type { UpdateCronMonitorInput } from "../../../shared/schemas/cron-monitors";

/** The stored columns of the writable fields other than the schedule (spec 2.2). */
export type EditableColumns = {
  name?: string;
  icon?: string | null;
  graceSeconds?: number;
  maxRuntimeSeconds?: number | null;
  driftPct?: number;
  driftMinSeconds?: number;
  driftAlerts?: boolean;
  paused?: boolean;
  suspended?: boolean;
  projectId?: number | null;
  integrationIds?: string;
};

/** Only the fields the body carries: what a PATCH (or an upsert's update) changes. */
export function editableColumns(input: UpdateCronMonitorInput): EditableColumns {
  const columns: EditableColumns = {
    name: input.name,
    icon: input.icon,
    graceSeconds: input.grace_seconds,
    maxRuntimeSeconds: input.max_runtime_seconds,
    driftPct: input.drift_pct,
    driftMinSeconds: input.drift_min_seconds,
    driftAlerts: input.drift_alerts,
    paused: input.paused,
    suspended: input.suspended,
    projectId: input.project_id,
    integrationIds: input.integration_ids && JSON.stringify([...new Set(input.integration_ids)]),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as EditableColumns;
}
