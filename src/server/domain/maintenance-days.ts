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

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * A stored day's spans as epoch-millisecond pairs. Stored as `[[start, end], ...]` in seconds from the
 * day's UTC midnight (0 to 86,400), disjoint, oldest first; anything unreadable reads as none.
 */
export function readDaySpans(day: string, text: string): Span[] {
  const base = dayStart(day);
  if (Number.isNaN(base)) return [];
  try {
    const v: unknown = JSON.parse(text);
    if (!Array.isArray(v)) return [];
    const out: Span[] = [];
    for (const p of v)
      if (Array.isArray(p) && p.length === 2 && typeof p[0] === "number" && typeof p[1] === "number")
        out.push([base + p[0] * 1000, base + p[1] * 1000]);
    return out;
  } catch {
    return [];
  }
}

/** A day's spans (epoch milliseconds, within the day) as stored. */
export function daySpansText(day: string, spans: Span[]): string {
  const base = dayStart(day);
  return JSON.stringify(spans.map(([a, b]) => [Math.round((a - base) / 1000), Math.round((b - base) / 1000)]));
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
      const before = readDaySpans(day, stored.get(`${cronMonitorId} ${day}`) ?? "[]");
      return { cronMonitorId, day, spans: daySpansText(day, mergeSpans([...before, span])) };
    }),
  );
}
