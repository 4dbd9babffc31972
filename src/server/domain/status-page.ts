/**
 * Pure rules of the public status page: a component's status in the page's words, the overall
 * status, and the daily uptime bars. `now` is passed in; no database.
 */
import { mergeSpans, spansCovered, type QuietTime, type Span } from "./maintenance-days";
export type ComponentStatus = "operational" | "degraded" | "down" | "paused" | "unknown" | "maintenance";

export const STATUS_DAYS = 90;

/**
 * A cron monitor's `state` or a service's `status`, as the page says it. A component under a running
 * maintenance window (`maintained`) is "maintenance" whatever its state, unless paused.
 */
export function componentStatus(
  kind: "cron_monitor" | "service",
  raw: string,
  paused: boolean,
  maintained = false,
): ComponentStatus {
  if (paused) return "paused";
  if (maintained) return "maintenance";
  if (raw === "up") return "operational";
  if (raw === "down") return "down";
  if (raw === "late" || raw === "degraded") return "degraded";
  return "unknown"; // a new monitor, a pending service
}

export const STATUS_WORDS: Record<ComponentStatus, string> = {
  operational: "Operational",
  degraded: "Degraded",
  down: "Down",
  paused: "Paused",
  unknown: "No data yet",
  maintenance: "Under maintenance",
};

/**
 * The worst of the components' statuses, in words. Paused and unknown components do not count; while
 * some are under maintenance and nothing outside maintenance is down, "Maintenance in progress".
 */
export function overallStatus(statuses: ComponentStatus[]): {
  indicator: "operational" | "degraded" | "down" | "unknown" | "maintenance";
  description: string;
} {
  const counted = statuses.filter((s) => s !== "paused" && s !== "unknown" && s !== "maintenance");
  const maintained = statuses.includes("maintenance");
  const down = counted.filter((s) => s === "down").length;
  if (maintained && down === 0) return { indicator: "maintenance", description: "Maintenance in progress" };
  if (counted.length === 0) return { indicator: "unknown", description: "No status to report yet" };
  if (down === counted.length && !maintained) return { indicator: "down", description: "Major outage" };
  if (down > 0) return { indicator: "down", description: "Partial outage" };
  if (counted.includes("degraded")) return { indicator: "degraded", description: "Degraded performance" };
  return { indicator: "operational", description: "All systems operational" };
}

const DAY_MS = 86_400_000;

/** The UTC days of the window, oldest first, ending today. */
export function windowDays(now: Date, days = STATUS_DAYS): string[] {
  const first = windowStart(now, days).getTime();
  return Array.from({ length: days }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}

/** The first instant of the `days` UTC days that end with today's: where the bars and uptime figures start. */
export function windowStart(now: Date, days = STATUS_DAYS): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (days - 1) * DAY_MS);
}

/** `maintenance`: set (true) on a day a maintenance window ran over the component; absent otherwise. */
export type DayBar = { date: string; uptime_pct: number | null; incidents: number; maintenance?: true };

const pct = (ok: number, total: number) => Math.round((ok / total) * 100_000) / 1000;

/**
 * Services: each day's successful checks over its checks (from the hourly rollups); a day without
 * checks has no figure. The window's figure is over all its checks.
 */
export function barsFromChecks(
  hours: { hour: Date; total: number; successful: number; maintenance?: number }[],
  incidentDays: Map<string, number>,
  now: Date,
  days = STATUS_DAYS,
): { bars: DayBar[]; uptime: number | null } {
  const sums = new Map<string, { ok: number; total: number; maintained: boolean }>();
  for (const h of hours) {
    const day = h.hour.toISOString().slice(0, 10);
    const s = sums.get(day) ?? { ok: 0, total: 0, maintained: false };
    s.ok += h.successful;
    s.total += h.total;
    if (h.maintenance) s.maintained = true;
    sums.set(day, s);
  }
  let ok = 0;
  let total = 0;
  const bars = windowDays(now, days).map((date) => {
    const s = sums.get(date);
    if (s) {
      ok += s.ok;
      total += s.total;
    }
    const bar: DayBar = {
      date,
      uptime_pct: s && s.total > 0 ? pct(s.ok, s.total) : null,
      incidents: incidentDays.get(date) ?? 0,
    };
    if (s?.maintained) bar.maintenance = true;
    return bar;
  });
  return { bars, uptime: total > 0 ? pct(ok, total) : null };
}

/**
 * Cron monitors: each day's share of time without an open incident, from the monitor's creation
 * (or the window's start) to now; a day before the monitor existed has no figure. Time under a
 * maintenance window (`maintenance`: runs, in any order, possibly overlapping) is left out of both
 * the time counted and the time down (docs/api-maintenance.md); `maintenanceMs` is how much was left
 * out over the window. A day entirely under maintenance has no figure. The maintenance may be given
 * as a `QuietTime` (domain/maintenance-days.ts: recorded minutes and other runs).
 */
export function barsFromIncidents(
  incidents: { openedAt: Date; resolvedAt: Date | null }[],
  since: Date,
  now: Date,
  days = STATUS_DAYS,
  maintenance: { start: Date; end: Date }[] | QuietTime = [],
): { bars: DayBar[]; uptime: number | null; maintenanceMs: number } {
  const quiet: QuietTime = Array.isArray(maintenance) ? spansQuiet(maintenance) : maintenance;
  let covered = 0;
  let down = 0;
  let maintained = 0;
  const bars = windowDays(now, days).map((date) => {
    const dayStart = Date.parse(`${date}T00:00:00Z`);
    const from = Math.max(dayStart, since.getTime());
    const to = Math.min(dayStart + DAY_MS, now.getTime());
    let count = 0;
    let downMs = 0;
    for (const i of incidents) {
      const a = Math.max(from, i.openedAt.getTime());
      const b = Math.min(to, (i.resolvedAt ?? now).getTime());
      if (b > a) downMs += b - a - quiet.covered(a, b);
      const end = (i.resolvedAt ?? now).getTime();
      if (i.openedAt.getTime() < dayStart + DAY_MS && end >= dayStart) count++;
    }
    if (to <= from) return { date, uptime_pct: null, incidents: count };
    const quietMs = quiet.covered(from, to);
    maintained += quietMs;
    const counted = to - from - quietMs;
    const mark = quietMs > 0 ? { maintenance: true as const } : {};
    if (counted <= 0) return { date, uptime_pct: null, incidents: count, ...mark };
    covered += counted;
    down += downMs;
    return { date, uptime_pct: pct(counted - downMs, counted), incidents: count, ...mark };
  });
  return { bars, uptime: covered > 0 ? pct(covered - down, covered) : null, maintenanceMs: maintained };
}

/** Runs as a QuietTime: merged into disjoint spans. */
function spansQuiet(runs: { start: Date; end: Date }[]): QuietTime {
  const spans = mergeSpans(runs.map((r): Span => [r.start.getTime(), r.end.getTime()]));
  return { covered: (a, b) => spansCovered(spans, a, b) };
}

/** How many incidents touch each UTC day (for the bars' hover text). */
export function incidentsPerDay(
  incidents: { openedAt: Date; resolvedAt: Date | null }[],
  now: Date,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of incidents) {
    const end = (i.resolvedAt ?? now).getTime();
    for (let t = Math.floor(i.openedAt.getTime() / DAY_MS) * DAY_MS; t <= end; t += DAY_MS) {
      const d = new Date(t).toISOString().slice(0, 10);
      out.set(d, (out.get(d) ?? 0) + 1);
    }
  }
  return out;
}
