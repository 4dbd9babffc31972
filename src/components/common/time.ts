/** Relative and absolute times in the viewer's locale. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["week", 604_800],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
];
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 10) return seconds <= 0 ? "just now" : "in a few seconds";
  for (const [unit, size] of UNITS) {
    if (abs >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}

/** "in 4 min 05 s" / "2 min 10 s ago": a countdown that changes every second. */
export function countdown(iso: string, now: number): string {
  const total = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(total);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  const text = h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min ${String(s).padStart(2, "0")} s`;
  return total >= 0 ? `in ${text}` : `${text} ago`;
}

const local = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
export function localDateTime(iso: string | Date): string {
  return local.format(typeof iso === "string" ? new Date(iso) : iso);
}

export function durationText(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)} s`;
  const m = Math.floor(s / 60);
  const rest = Math.round(s % 60);
  if (m >= 60) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}`;
  return rest ? `${m} min ${rest} s` : `${m} min`;
}
