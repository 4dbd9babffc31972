import type { CronMonitor, CreateCronMonitorInput } from "../../shared/schemas/cron-monitors";
import { DEFAULT_GRACE_SECONDS } from "../../shared/schemas/cron-monitors";
import { secondsOf, splitSeconds } from "./fields";
import type { ScheduleDraft } from "./preview-model";
import type { DependsOn } from "../../shared/schemas/dependencies";

type Duration = { amount: string; unit: number };

/** The form's editable state: text as typed, turned into the API body on save. */
export type MonitorDraft = {
  name: string;
  projectId: string;
  kind: "cron" | "period";
  cron: string;
  timezone: string;
  period: Duration;
  grace: Duration;
  maxRuntime: Duration;
  driftAlerts: boolean;
  driftPct: string;
  driftMinSeconds: string;
  integrationIds: number[];
  dependsOn: DependsOn;
};

export function draftFrom(m: CronMonitor | undefined, browserZone: string): MonitorDraft {
  return {
    name: m?.name ?? "",
    projectId: m?.project_id ? String(m.project_id) : "",
    kind: m?.schedule_kind ?? "cron",
    cron: m?.cron_expression ?? "",
    timezone: m ? m.timezone : browserZone,
    period: m?.period_seconds ? splitSeconds(m.period_seconds) : { amount: "1", unit: 3600 },
    grace: splitSeconds(m?.grace_seconds ?? DEFAULT_GRACE_SECONDS),
    maxRuntime: splitSeconds(m?.max_runtime_seconds ?? null),
    driftAlerts: m?.drift_alerts ?? false,
    driftPct: String(Math.round((m?.drift_pct ?? 0.5) * 100)),
    driftMinSeconds: String(m?.drift_min_seconds ?? 60),
    integrationIds: m?.integration_ids ?? [],
    dependsOn: m?.depends_on ?? { cron_monitor_ids: [], service_ids: [] },
  };
}

/** A number, or the text as typed so the server's validator names the wrong field. */
function numberOr(amount: string, unit: number): number | string | null {
  const seconds = secondsOf(amount, unit);
  return seconds !== null && Number.isNaN(seconds) ? amount : seconds;
}

export function scheduleDraftOf(d: MonitorDraft): ScheduleDraft {
  const period = secondsOf(d.period.amount, d.period.unit);
  return { kind: d.kind, cron: d.cron, timezone: d.timezone, periodSeconds: period };
}

export function bodyOf(d: MonitorDraft): CreateCronMonitorInput {
  const grace = secondsOf(d.grace.amount, d.grace.unit);
  return {
    name: d.name,
    project_id: d.projectId ? Number(d.projectId) : null,
    schedule_kind: d.kind,
    cron_expression: d.kind === "cron" ? d.cron : null,
    period_seconds: d.kind === "period" ? numberOr(d.period.amount, d.period.unit) : null,
    timezone: d.timezone,
    ...(grace !== null ? { grace_seconds: grace } : {}),
    max_runtime_seconds: secondsOf(d.maxRuntime.amount, d.maxRuntime.unit),
    drift_alerts: d.driftAlerts,
    drift_pct: Number(d.driftPct) / 100,
    drift_min_seconds: Number(d.driftMinSeconds),
    integration_ids: d.integrationIds,
    depends_on: d.dependsOn,
  };
}
