import { env } from "../../env";
import { HOUR_MS, parseWatermark, splitWindow } from "../domain/check-metrics";
import { displayState } from "../domain/monitor-state";
import { displayedStatus } from "../../shared/service-rules";
import type { Family, Labels, Sample } from "../domain/exposition";
import { metricsStore } from "../storage/metrics-store";
import { orgMetricsSql, uptimeParams, type OrgMetricsSql } from "../storage/org-metrics-sql";

/**
 * An organization's monitors and services as Prometheus gauges (docs/api-metrics.md): at most five
 * statements whatever the counts (monitors, services, open incidents in parallel; then the
 * services' uptime windows: raw results, and the hourly rollups unless the sweeper has written none
 * since the organization's previous scrape).
 */
type Raw = Record<string, unknown>;
const DAY_MS = 24 * HOUR_MS;
const num = (v: unknown) => Number(v);
const present = (v: unknown) => v !== null && v !== undefined;
const seconds = (v: unknown) => new Date(String(v)).getTime() / 1000;

export const UPTIME_WINDOWS = [
  { label: "1d", ms: DAY_MS },
  { label: "7d", ms: 7 * DAY_MS },
  { label: "30d", ms: 30 * DAY_MS },
] as const;

const globalForOrgMetrics = globalThis as unknown as { lifelineOrgMetricsSql?: OrgMetricsSql };
const statements = () => (globalForOrgMetrics.lifelineOrgMetricsSql ??= orgMetricsSql(metricsStore().d));

const identity = (r: Raw): Labels => ({ id: String(r.id), name: String(r.name), project: (r.project as string | null) ?? "" });

export async function orgMetrics(orgId: number, now = Date.now()): Promise<Family[]> {
  const { sql, d } = metricsStore();
  const q = statements();
  const [monitors, services, incidents] = await Promise.all([
    sql.all<Raw>(q.monitors, [new Date(now - DAY_MS), orgId]),
    sql.all<Raw>(q.services, [orgId]),
    sql.get<Raw>(q.openIncidents, [orgId]),
  ]);
  const uptime: Sums = services.length === 0 ? new Map() : await uptimeRows(orgId, services, now, d.idsParam(services.map((s) => num(s.id))));
  return [...monitorFamilies(monitors), ...serviceFamilies(services, uptime), {
    name: "lifeline_open_incidents",
    help: "Open incidents of the organization (cron monitors and services).",
    type: "gauge",
    samples: [{ labels: {}, value: num(incidents?.n ?? 0) }],
  }];
}

type Sums = Map<number, Raw>;
/** Per organization, the rollup part of its uptime sums and what it was read for (see orgMetricsSql.uptimeRollups). */
const globalForRollups = globalThis as unknown as { lifelineOrgRollupSums?: Map<number, { key: string; sums: Sums }> };

async function uptimeRows(orgId: number, services: Raw[], now: number, idsParam: unknown): Promise<Sums> {
  const { sql } = metricsStore();
  const watermark = (services[0]!.watermark as string | null) ?? "";
  const through = parseWatermark(watermark)?.through ?? null;
  const keptFrom = now - env().checkResultRetentionDays * DAY_MS;
  const windows = UPTIME_WINDOWS.map((w) => splitWindow(now - w.ms, now, through, keptFrom));
  const params = uptimeParams(windows, idsParam);
  const cache = (globalForRollups.lifelineOrgRollupSums ??= new Map());
  // Rollups change only when the sweeper writes them, and then it moves the watermark (its `at`).
  const key = `${watermark}|${windows.map((w) => `${w.rollupFrom}-${w.rollupTo}`).join()}|${services.map((s) => s.id).join()}`;
  let rolled = cache.get(orgId)?.key === key ? cache.get(orgId)!.sums : null;
  const [rollupRows, rawRows] = await Promise.all([
    rolled ? Promise.resolve([]) : sql.all<Raw>(statements().uptimeRollups, params.rollups),
    sql.all<Raw>(statements().uptimeRaw, params.raw),
  ]);
  if (!rolled) cache.set(orgId, { key, sums: (rolled = new Map(rollupRows.map((r) => [num(r.service_id), r]))) });
  const sums: Sums = new Map();
  for (const [id, r] of rolled) sums.set(id, { ...r });
  for (const r of rawRows) {
    const into = sums.get(num(r.service_id)) ?? {};
    for (const w of UPTIME_WINDOWS) {
      for (const f of [`total_${w.label}`, `successful_${w.label}`]) into[f] = num(into[f] ?? 0) + num(r[f] ?? 0);
    }
    sums.set(num(r.service_id), into);
  }
  return sums;
}

function monitorFamilies(rows: Raw[]): Family[] {
  const up: Sample[] = [], state: Sample[] = [], lastPing: Sample[] = [], duration: Sample[] = [], failed: Sample[] = [];
  for (const r of rows) {
    const labels = identity(r);
    const shown = displayState(String(r.state), !!r.paused, !!r.suspended);
    if (shown === "up" || shown === "late" || shown === "down") up.push({ labels, value: shown === "down" ? 0 : 1 });
    state.push({ labels, extra: { state: shown }, value: 1 });
    if (present(r.last_ping_at)) lastPing.push({ labels, value: seconds(r.last_ping_at) });
    if (present(r.last_duration_ms)) duration.push({ labels, value: num(r.last_duration_ms) / 1000 });
    failed.push({ labels, value: num(r.failed_runs) });
  }
  return [
    { name: "lifeline_cron_monitor_up", help: "1 while the cron monitor is up or late, 0 while down; absent while new or paused.", type: "gauge", samples: up },
    { name: "lifeline_cron_monitor_state", help: "1, labelled with the cron monitor's current state (new, up, late, down, paused).", type: "gauge", samples: state },
    { name: "lifeline_cron_monitor_last_ping_timestamp_seconds", help: "When the cron monitor's latest ping was accepted (Unix seconds); absent before the first.", type: "gauge", samples: lastPing },
    { name: "lifeline_cron_monitor_last_run_duration_seconds", help: "Duration of the cron monitor's latest finished run; absent before the first.", type: "gauge", samples: duration },
    { name: "lifeline_cron_monitor_failed_runs_24h", help: "Runs of the cron monitor that failed among those started in the last 24 hours.", type: "gauge", samples: failed },
  ];
}

function serviceFamilies(rows: Raw[], byService: Sums): Family[] {
  const up: Sample[] = [], status: Sample[] = [], response: Sample[] = [], ratio: Sample[] = [], certificate: Sample[] = [];
  for (const r of rows) {
    const labels = identity(r);
    const current = displayedStatus(!!r.enabled, String(r.status));
    if (current === "operational" || current === "degraded" || current === "down") up.push({ labels, value: current === "down" ? 0 : 1 });
    status.push({ labels, extra: { status: current }, value: 1 });
    if (present(r.response_ms)) response.push({ labels, value: num(r.response_ms) / 1000 });
    if (present(r.certificate_expires_at)) certificate.push({ labels, value: num(r.certificate_expires_at) });
    const u = byService.get(num(r.id));
    for (const w of UPTIME_WINDOWS) {
      const total = num(u?.[`total_${w.label}`] ?? 0);
      if (total > 0) ratio.push({ labels, extra: { window: w.label }, value: num(u![`successful_${w.label}`]) / total });
    }
  }
  return [
    { name: "lifeline_service_up", help: "1 while the service is operational or degraded, 0 while down; absent while pending or paused.", type: "gauge", samples: up },
    { name: "lifeline_service_status", help: "1, labelled with the service's current status (pending, operational, degraded, down, paused).", type: "gauge", samples: status },
    { name: "lifeline_service_response_time_seconds", help: "Response time of the service's latest check; absent before the first.", type: "gauge", samples: response },
    { name: "lifeline_service_uptime_ratio", help: "Successful checks over all checks of the service in the window (1d, 7d, 30d), maintenance left out; absent without checks.", type: "gauge", samples: ratio },
    { name: "lifeline_service_tls_certificate_expiry_timestamp_seconds", help: "When the TLS certificate the service's latest check saw expires (Unix seconds, to the day: the check's time plus its whole days left); absent when it saw none.", type: "gauge", samples: certificate },
  ];
}
