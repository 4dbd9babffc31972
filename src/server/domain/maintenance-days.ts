/**
 * The past runs of recurring maintenance windows, as they are kept per cron monitor and UTC day
 * (table `monitor_maintenance_days`): pure, no clock. A sweep that moves a window past its ended run
 * adds the run to the days of every monitor the window covers then (sweep/maintenance-runs.ts); public
 * pages and badges read those days back (services/maintenance/history.ts), at most one row per
 * monitor and day, whatever the schedules.
 */

/** A [start, end) pair in epoch milliseconds. */
export type Span = [number, number];

const DAY_MS = 86_400_000;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A run cut at UTC midnights: each day it touches with its part of the run. */
export function runDays(run: { start: Date; end: Date }): { day: string; span: Span }[] {
  const out: { day: string; span: Span }[] = [];
  const end = run.end.getTime();
  for (let a = run.start.getTime(); a < end;) {
    const midnight = (Math.floor(a / DAY_MS) + 1) * DAY_MS;
    const b = Math.min(end, midnight);
    out.push({ day: utcDay(a), span: [a, b] });
    a = b;
  }
  return out;
}

/** Spans as disjoint pairs, oldest first (touching and overlapping ones joined). */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = spans.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: Span[] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** A stored day's spans; anything unreadable reads as none. */
export function readSpans(text: string): Span[] {
  try {
    const v: unknown = JSON.parse(text);
    if (!Array.isArray(v)) return [];
    return v.filter(
      (p): p is Span => Array.isArray(p) && p.length === 2 && typeof p[0] === "number" && typeof p[1] === "number",
    );
  } catch {
    return [];
  }
}

/**
 * What recording `run` over `monitorIds` writes: for each monitor and day the run touches, the day's
 * spans with the run's part merged in (`stored`: the rows already there, keyed `<monitor id> <day>`).
 * A day that already holds the run is written unchanged (a record is idempotent).
 */
export function daysWithRun(
  stored: Map<string, string>,
  monitorIds: number[],
  run: { start: Date; end: Date },
): { cronMonitorId: number; day: string; spans: string }[] {
  const parts = runDays(run);
  return monitorIds.flatMap((cronMonitorId) =>
    parts.map(({ day, span }) => {
      const before = readSpans(stored.get(`${cronMonitorId} ${day}`) ?? "[]");
      return { cronMonitorId, day, spans: JSON.stringify(mergeSpans([...before, span])) };
    }),
  );
}
