import { env } from "../../../env";
import { HOUR_MS, parseWatermark, splitWindow } from "../../domain/check-metrics";
import { displayState } from "../../domain/monitor-state";
import { displayedStatus } from "../../domain/service-rules";
import { escapeLabelValue, FamilyLines } from "../../domain/exposition";
import { metricsStore } from "../../storage/engine";
import { uptimeParams } from "../../storage/org-metrics-sql";

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

/** A monitor's or service's label pairs (id, name, project), escaped once for all its samples. */
const identity = (id: unknown, name: unknown, project: unknown): string =>
  `id="${escapeLabelValue(String(id))}",name="${escapeLabelValue(String(name))}",project="${escapeLabelValue((project as string | null) ?? "")}"`;
/** `key="value"` for each value, rendered once. */
const extraPairs = <T extends string>(key: string, values: readonly T[]) =>
  new Map(values.map((v) => [v as string, `${key}="${escapeLabelValue(v)}"`]));
const STATES = extraPairs("state", ["new", "up", "late", "down", "paused"]);
const STATUSES = extraPairs("status", ["pending", "operational", "degraded", "down", "paused"]);
const WINDOW_PAIRS = extraPairs("window", ["1d", "7d", "30d"]);
const pairOf = (known: Map<string, string>, key: string, value: string) =>
  known.get(value) ?? `${key}="${escapeLabelValue(value)}"`;

export async function orgMetrics(orgId: number, now = Date.now()): Promise<FamilyLines[]> {
  const { sql, arrays, org: q, ids } = metricsStore();
  const [monitors, services, incidents] = await Promise.all([
    arrays<MonitorRow>(q.monitors, [new Date(now - DAY_MS), orgId]),
    sql.all<Raw>(q.services, [orgId]),
    sql.get<Raw>(q.openIncidents, [orgId]),
  ]);
  const uptime: Sums =
    services.length === 0 ? new Map() : await uptimeRows(orgId, services, now, ids(services.map((s) => num(s.id))));
  const open = new FamilyLines(
    "lifeline_open_incidents",
    "Open incidents of the organization (cron monitors and services).",
    "gauge",
  );
  open.add("", num(incidents?.n ?? 0));
  return [...monitorFamilies(monitors), ...serviceFamilies(services, uptime), open];
}

type Sums = Map<number, Raw>;
/** Per organization, the rollup part of its uptime sums and what it was read for (see orgMetricsSql.uptimeRollups). */
const globalForRollups = globalThis as unknown as { lifelineOrgRollupSums?: Map<number, { key: string; sums: Sums }> };

async function uptimeRows(orgId: number, services: Raw[], now: number, idsParam: unknown): Promise<Sums> {
  const { sql, org: q } = metricsStore();
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
    rolled ? Promise.resolve([]) : sql.all<Raw>(q.uptimeRollups, params.rollups),
    sql.all<Raw>(q.uptimeRaw, params.raw),
  ]);
  if (!rolled) cache.set(orgId, { key, sums: (rolled = new Map(rollupRows.map((r) => [num(r.service_id), r]))) });
  const sums: Sums = new Map();
  for (const [id, r] of rolled) sums.set(id, { ...r });
  for (const r of rawRows) {
    const into = sums.get(num(r.service_id)) ?? {};
    for (const w of UPTIME_WINDOWS) {
      for (const f of [`total_${w.label}`, `successful_${w.label}`, `maintenance_${w.label}`])
        into[f] = num(into[f] ?? 0) + num(r[f] ?? 0);
    }
    sums.set(num(r.service_id), into);
  }
  return sums;
}

/** A row of orgMetricsSql.monitors, its columns in the statement's order (10,000 monitors: no object per row). */
type MonitorRow = [
  id: unknown,
  name: unknown,
  project: unknown,
  state: unknown,
  paused: unknown,
  suspended: unknown,
  lastPingAt: unknown,
  lastDurationMs: unknown,
  failedRuns: unknown,
];

function monitorFamilies(rows: MonitorRow[]): FamilyLines[] {
  const up = new FamilyLines(
    "lifeline_cron_monitor_up",
    "1 while the cron monitor is up or late, 0 while down; absent while new or paused.",
    "gauge",
  );
  const state = new FamilyLines(
    "lifeline_cron_monitor_state",
    "1, labelled with the cron monitor's current state (new, up, late, down, paused).",
    "gauge",
  );
  const lastPing = new FamilyLines(
    "lifeline_cron_monitor_last_ping_timestamp_seconds",
    "When the cron monitor's latest ping was accepted (Unix seconds); absent before the first.",
    "gauge",
  );
  const duration = new FamilyLines(
    "lifeline_cron_monitor_last_run_duration_seconds",
    "Duration of the cron monitor's latest finished run; absent before the first.",
    "gauge",
  );
  const failed = new FamilyLines(
    "lifeline_cron_monitor_failed_runs_24h",
    "Runs of the cron monitor that failed among those started in the last 24 hours.",
    "gauge",
  );
  for (const [id, name, project, current, paused, suspended, lastPingAt, lastDurationMs, failedRuns] of rows) {
    const labels = identity(id, name, project);
    const shown = displayState(String(current), !!paused, !!suspended);
    if (shown === "up" || shown === "late" || shown === "down") up.add(labels, shown === "down" ? 0 : 1);
    state.add(labels, 1, pairOf(STATES, "state", shown));
    if (present(lastPingAt)) lastPing.add(labels, seconds(lastPingAt));
    if (present(lastDurationMs)) duration.add(labels, num(lastDurationMs) / 1000);
    failed.add(labels, num(failedRuns));
  }
  return [up, state, lastPing, duration, failed];
}

function serviceFamilies(rows: Raw[], byService: Sums): FamilyLines[] {
  const up = new FamilyLines(
    "lifeline_service_up",
    "1 while the service is operational or degraded, 0 while down; absent while pending or paused.",
    "gauge",
  );
  const status = new FamilyLines(
    "lifeline_service_status",
    "1, labelled with the service's current status (pending, operational, degraded, down, paused).",
    "gauge",
  );
  const response = new FamilyLines(
    "lifeline_service_response_time_seconds",
    "Response time of the service's latest check; absent before the first.",
    "gauge",
  );
  const ratio = new FamilyLines(
    "lifeline_service_uptime_ratio",
    "Successful checks over all checks of the service in the window (1d, 7d, 30d), maintenance left out; absent without checks.",
    "gauge",
  );
  const maintenance = new FamilyLines(
    "lifeline_service_maintenance_checks",
    "Checks of the service in the window (1d, 7d, 30d) made under a maintenance window, left out of lifeline_service_uptime_ratio; absent without checks.",
    "gauge",
  );
  const certificate = new FamilyLines(
    "lifeline_service_tls_certificate_expiry_timestamp_seconds",
    "When the TLS certificate the service's latest check saw expires (Unix seconds, to the day: the check's time plus its whole days left); absent when it saw none.",
    "gauge",
  );
  for (const r of rows) {
    const labels = identity(r.id, r.name, r.project);
    const current = displayedStatus(!!r.enabled, String(r.status));
    if (current === "operational" || current === "degraded" || current === "down")
      up.add(labels, current === "down" ? 0 : 1);
    status.add(labels, 1, pairOf(STATUSES, "status", current));
    if (present(r.response_ms)) response.add(labels, num(r.response_ms) / 1000);
    if (present(r.certificate_expires_at)) certificate.add(labels, num(r.certificate_expires_at));
    const u = byService.get(num(r.id));
    for (const w of UPTIME_WINDOWS) {
      const total = num(u?.[`total_${w.label}`] ?? 0);
      const leftOut = num(u?.[`maintenance_${w.label}`] ?? 0);
      if (total > 0) ratio.add(labels, num(u![`successful_${w.label}`]) / total, WINDOW_PAIRS.get(w.label)!);
      if (total + leftOut > 0) maintenance.add(labels, leftOut, WINDOW_PAIRS.get(w.label)!);
    }
  }
  return [up, status, response, ratio, maintenance, certificate];
}
