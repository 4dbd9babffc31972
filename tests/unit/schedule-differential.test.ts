import { CronExpressionParser } from "cron-parser";
import { describe, expect, it } from "vitest";
import { nextFireTimes } from "../../src/shared/schedule";

// cron-parser as an independent oracle: for thousands of random valid expressions (fixed seed), in
// UTC and in a zone without daylight saving time (Asia/Kolkata, +05:30), the engine's next 20 fire
// times must equal cron-parser's. DST is left out on purpose: cron-parser does not follow Debian
// there (it fires a skipped 02:30 at 03:30, not 03:00); those cases are hand-computed in
// tests/support/dst-cases.ts.
//
// The generator stays inside what both implement the same way. The one known difference: for the
// day-of-month/day-of-week pair, Vixie cron ANDs the two when either field STARTS WITH `*` and ORs
// them otherwise, while cron-parser decides by whether a field covers its whole range. So when both
// fields are restricted, neither starts with `*` nor covers its whole range.

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Field = { min: number; max: number };
const FIELDS: Field[] = [
  { min: 0, max: 59 }, // minute
  { min: 0, max: 23 }, // hour
  { min: 1, max: 31 }, // day of month
  { min: 1, max: 12 }, // month
  { min: 0, max: 7 }, // day of week (0 and 7: Sunday)
];

/** The values a restricted field lists (7 in day of week read as 0), sorted, without repeats. */
function values(text: string, f: Field): number[] {
  const seen = new Set<number>();
  for (const part of text.split(",")) {
    const [range, step = "1"] = part.split("/") as [string, string?];
    const [lo, hi] =
      range === "*"
        ? [f.min, f.max]
        : range.includes("-")
          ? range.split("-").map(Number)
          : [Number(range), Number(range)];
    for (let v = lo!; v <= hi!; v += Number(step)) seen.add(f.max === 7 && v === 7 ? 0 : v);
  }
  return [...seen].sort((a, b) => a - b);
}

/**
 * cron-parser refuses lists whose items overlap ("duplicate values found"), which Vixie cron takes;
 * for such an expression the oracle gets each restricted field as its explicit value list.
 */
function explicit(expression: string): string {
  return expression
    .split(" ")
    .map((text, i) => (text.startsWith("*") ? text : values(text, FIELDS[i]!).join(",")))
    .join(" ");
}

function generator(seed: number) {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const item = (f: Field): string => {
    const a = int(f.min, f.max);
    const b = int(a, f.max);
    switch (int(0, 3)) {
      case 0:
        return String(a);
      case 1:
        return `${a}-${b}`;
      case 2:
        return `${a}-${b}/${int(1, Math.max(1, f.max - f.min))}`;
      default:
        return String(a);
    }
  };
  const restricted = (f: Field): string => Array.from({ length: int(1, 3) }, () => item(f)).join(",");
  const field = (f: Field, starWeight: number): string => {
    const r = rnd();
    if (r < starWeight) return "*";
    if (r < starWeight + 0.15) return `*/${int(1, Math.max(2, (f.max - f.min) / 2))}`;
    return restricted(f);
  };
  const covers = (text: string, f: Field) => values(text, f).length >= (f.max === 7 ? 7 : f.max - f.min + 1);
  return (): string => {
    const minute = field(FIELDS[0]!, 0.2);
    const hour = field(FIELDS[1]!, 0.3);
    const month = field(FIELDS[3]!, 0.6);
    let dom = field(FIELDS[2]!, 0.6);
    let dow = field(FIELDS[4]!, 0.6);
    if (dom !== "*" && dow !== "*") {
      // Both restricted: neither may start with * nor cover its range (see above).
      while (dom.startsWith("*") || covers(dom, FIELDS[2]!)) dom = restricted(FIELDS[2]!);
      while (dow.startsWith("*") || covers(dow, FIELDS[4]!)) dow = restricted(FIELDS[4]!);
    }
    return [minute, hour, dom, month, dow].join(" ");
  };
}

function oracle(expression: string, timezone: string, from: Date, count: number): string[] | "never" {
  try {
    let it;
    try {
      it = CronExpressionParser.parse(expression, { tz: timezone, currentDate: from });
    } catch (err) {
      if (!/duplicate values/.test(String(err))) throw err;
      it = CronExpressionParser.parse(explicit(expression), { tz: timezone, currentDate: from });
    }
    return Array.from({ length: count }, () => it.next().toDate().toISOString());
  } catch {
    return "never";
  }
}

function engine(expression: string, timezone: string, from: Date, count: number): string[] | "never" {
  try {
    return nextFireTimes({ kind: "cron", expression, timezone }, from, count).map((d) => d.toISOString());
  } catch {
    return "never";
  }
}

describe("the schedule engine agrees with cron-parser away from DST", () => {
  it.each(["UTC", "Asia/Kolkata"])(
    "on 2,000 random expressions in %s (seed 20261123), next 20 fire times",
    (timezone) => {
      const next = generator(20261123);
      const rnd = mulberry32(7);
      const disagreements: string[] = [];
      let compared = 0;
      for (let i = 0; i < 2000; i++) {
        const expression = next();
        const from = new Date(Date.UTC(2026, 0, 1) + Math.floor(rnd() * 4 * 365 * 86400) * 1000);
        const mine = engine(expression, timezone, from, 20);
        const theirs = oracle(expression, timezone, from, 20);
        if (mine !== "never") compared++;
        if (JSON.stringify(mine) !== JSON.stringify(theirs))
          disagreements.push(`${expression} from ${from.toISOString()}`);
      }
      expect(disagreements.slice(0, 10)).toEqual([]);
      expect(compared).toBeGreaterThan(1900); // the comparison is about real fire times, not shared failures
    },
    120_000,
  );
});
