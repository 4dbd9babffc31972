/**
 * The past runs of recurring maintenance windows, as they are kept per cron monitor and UTC day
 * (table `monitor_maintenance_days`): pure, no clock. A sweep that moves a window past its ended run
 * adds the run to the days of every monitor the window covers then (sweep/maintenance-runs.ts); public
 * pages and badges read those days back (services/maintenance/history.ts). A day is its 1,440
 * minutes, one bit each (set: under maintenance), stored as base64 (240 characters): however many
 * runs and windows, a day costs the same to store, read and add up. A recurring window's runs start
 * at a whole minute and last whole minutes, so the minutes hold them exactly (a run that does not is
 * widened to the minutes it touches).
 */

/** A [start, end) pair in epoch milliseconds. */
export type Span = [number, number];

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const MINUTES = 1_440;
const BYTES = MINUTES / 8;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A day's minutes from their stored text; anything unreadable reads as none set. */
export function readMinutes(text: string): Uint8Array {
  const bytes = Buffer.from(text, "base64");
  const out = new Uint8Array(BYTES);
  out.set(bytes.subarray(0, BYTES));
  return out;
}

export const minutesText = (bits: Uint8Array) => Buffer.from(bits).toString("base64");

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

/** Sets the minutes of `day` that [a, b) touches. */
function setMinutes(bits: Uint8Array, day: string, [a, b]: Span): void {
  const base = dayStart(day);
  const first = Math.max(0, Math.floor((a - base) / MINUTE_MS));
  const last = Math.min(MINUTES, Math.ceil((b - base) / MINUTE_MS));
  for (let m = first; m < last; m++) bits[m >> 3]! |= 1 << (m & 7);
}

/**
 * What recording `run` over `monitorIds` writes: for each monitor and day the run touches, the day's
 * minutes with the run's set (`stored`: the rows already there, keyed `<monitor id> <day>`). A day
 * that already holds the run is written unchanged (a record is idempotent).
 */
export function daysWithRun(
  stored: Map<string, string>,
  monitorIds: number[],
  run: { start: Date; end: Date },
): { cronMonitorId: number; day: string; minutes: string }[] {
  const parts = runDays(run);
  return monitorIds.flatMap((cronMonitorId) =>
    parts.map(({ day, span }) => {
      const bits = readMinutes(stored.get(`${cronMonitorId} ${day}`) ?? "");
      setMinutes(bits, day, span);
      return { cronMonitorId, day, minutes: minutesText(bits) };
    }),
  );
}

/** A day's minutes built from runs within it (for seeding and tests). */
export function dayMinutes(day: string, runs: Span[]): string {
  const bits = new Uint8Array(BYTES);
  for (const r of runs) setMinutes(bits, day, r);
  return minutesText(bits);
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

/** How much of [a, b) some time covers, in milliseconds: what the uptime rules ask of maintenance. */
export type QuietTime = { covered(a: number, b: number): number };

/** How much of [a, b) disjoint spans (oldest first) cover: a binary search to the first span ending after `a`. */
export function spansCovered(spans: Span[], a: number, b: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]![1] <= a) lo = mid + 1;
    else hi = mid;
  }
  let ms = 0;
  for (let i = lo; i < spans.length; i++) {
    const [s, e] = spans[i]!;
    if (s >= b) break;
    ms += Math.min(b, e) - Math.max(a, s);
  }
  return ms;
}

/**
 * The time under maintenance of one monitor: the recorded days' minutes (`days`: day -> stored text)
 * joined with other runs (`runs`: windows going on, one-off windows; any order, may overlap either).
 */
export function quietTime(days: Map<string, string>, runs: Span[]): QuietTime {
  const bits = new Map<number, Uint8Array>();
  for (const [day, text] of days) bits.set(dayStart(day), readMinutes(text));
  const extra = mergeSpans(runs);
  const minutesCovered = (a: number, b: number): number => {
    let ms = 0;
    for (let day = Math.floor(a / DAY_MS) * DAY_MS; day < b; day += DAY_MS) {
      const set = bits.get(day);
      if (!set) continue;
      const from = Math.max(a, day);
      const to = Math.min(b, day + DAY_MS);
      for (let m = Math.floor((from - day) / MINUTE_MS); m * MINUTE_MS + day < to; m++) {
        if (!(set[m >> 3]! & (1 << (m & 7)))) continue;
        const s = day + m * MINUTE_MS;
        ms += Math.min(to, s + MINUTE_MS) - Math.max(from, s);
      }
    }
    return ms;
  };
  return {
    covered(a, b) {
      if (b <= a) return 0;
      let ms = minutesCovered(a, b) + spansCovered(extra, a, b);
      // Time both under a recorded minute and another run counts once.
      for (const [s, e] of extra) {
        if (s >= b) break;
        if (e > a) ms -= minutesCovered(Math.max(a, s), Math.min(b, e));
      }
      return ms;
    },
  };
}
