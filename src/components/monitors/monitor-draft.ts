import type { CronMonitor, CreateCronMonitorInput } from "../../shared/schemas/cron-monitors";
import { DEFAULT_GRACE_SECONDS } from "../../shared/vocabulary";
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
  /** Run rules (docs/api-cron-monitors.md): empty text unsets one. */
  minRuntimeSeconds: string;
  failureThreshold: string;
  recoveryThreshold: string;
  failureKeywords: string;
  successKeywords: string;
  keywordsCaseSensitive: boolean;
  failureRatePct: string;
  failureRateWindow: string;
  maxRunsPerPeriod: string;
  expectedRunsPerPeriod: string;
  runsPeriod: Duration;
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
    minRuntimeSeconds: m?.min_runtime_seconds ? String(m.min_runtime_seconds) : "",
    failureThreshold: m?.failure_threshold ? String(m.failure_threshold) : "",
    recoveryThreshold: m?.recovery_threshold ? String(m.recovery_threshold) : "",
    failureKeywords: (m?.failure_keywords ?? []).join(", "),
    successKeywords: (m?.success_keywords ?? []).join(", "),
    keywordsCaseSensitive: m?.keywords_case_sensitive ?? false,
    failureRatePct: m?.failure_rate_pct ? String(m.failure_rate_pct) : "",
    failureRateWindow: m?.failure_rate_window ? String(m.failure_rate_window) : "",
    maxRunsPerPeriod: m?.max_runs_per_period ? String(m.max_runs_per_period) : "",
    expectedRunsPerPeriod: m?.expected_runs_per_period ? String(m.expected_runs_per_period) : "",
    runsPeriod: m?.runs_period_seconds ? splitSeconds(m.runs_period_seconds) : { amount: "", unit: 3600 },
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
    min_runtime_seconds: countOf(d.minRuntimeSeconds),
    failure_threshold: countOf(d.failureThreshold),
    recovery_threshold: countOf(d.recoveryThreshold),
    failure_keywords: keywordsOf(d.failureKeywords),
    success_keywords: keywordsOf(d.successKeywords),
    keywords_case_sensitive: d.keywordsCaseSensitive,
    failure_rate_pct: countOf(d.failureRatePct),
    failure_rate_window: countOf(d.failureRateWindow),
    max_runs_per_period: countOf(d.maxRunsPerPeriod),
    expected_runs_per_period: countOf(d.expectedRunsPerPeriod),
    runs_period_seconds: numberOr(d.runsPeriod.amount, d.runsPeriod.unit) as number | null,
  };
}

/** Comma-separated keywords as a list (blank ones dropped). */
function keywordsOf(text: string): string[] {
  return text
    .split(",")
    .map((k) => k.trim())
    .filter((k) => k.length > 0);
}

/** A whole number as typed (the server's validator names a wrong one), or null when empty. */
function countOf(text: string): number | null {
  return text.trim() === "" ? null : Number(text);
}
