// Guards against pathological searches (cron-parser burned ~400 ms per call in Lord_Howe; a
// minute-by-minute leap-day search would take seconds). The bounds are loose on purpose so a busy
// machine never fails them; measured costs (~0.5 ms per call) are recorded in docs/performance.md.
import { describe, it, expect } from "vitest";
import { nextFireTimes, type Schedule } from "../../src/shared/schedule";

const ZONES = [
  "UTC",
  "Australia/Lord_Howe",
  "Asia/Kolkata",
  "America/New_York",
  "Europe/Berlin",
  "Pacific/Chatham",
  "Asia/Kathmandu",
  "America/St_Johns",
  "Africa/Casablanca",
];

const EXPRESSIONS = [
  "* * * * *",
  "*/15 * * * *",
  "30 2 * * *",
  "15 2 * * *",
  "45 1 * * *",
  "*/20 1-3 * * *",
  "0 0 29 2 *",
  "0 0 29 2 1",
  "0 0 31 * *",
  "0 0 13 * 5",
  "0 0 */10 * 5",
  "@weekly",
  "@yearly",
];

// Starting points next to DST transitions in the zones above, plus a quiet date.
const FROMS = ["2026-10-03T15:00:00Z", "2027-04-03T13:00:00Z", "2027-03-14T06:00:00Z", "2026-11-22T00:00:00Z"];

function cron(expression: string, timezone: string): Schedule {
  return { kind: "cron", expression, timezone };
}

describe("nextFireTimes performance", () => {
  it("computes 5 fire times for every expression x zone x start well under a second in total", () => {
    const start = performance.now();
    let total = 0;
    for (const zone of ZONES) {
      for (const expression of EXPRESSIONS) {
        for (const from of FROMS) total += nextFireTimes(cron(expression, zone), new Date(from), 5).length;
      }
    }
    const elapsed = performance.now() - start;
    expect(total).toBe(ZONES.length * EXPRESSIONS.length * FROMS.length * 5);
    expect(elapsed).toBeLessThan(4000);
  });

  it("jumps by month and day for rare expressions: leap-day schedules take < 20 ms per call", () => {
    for (const zone of ZONES) nextFireTimes(cron("0 0 29 2 *", zone), new Date("2026-11-22T00:00:00Z"), 1); // warm up
    for (const expression of ["0 0 29 2 *", "0 0 29 2 1", "0 0 29 2 */2"]) {
      for (const zone of ZONES) {
        const start = performance.now();
        const times = nextFireTimes(cron(expression, zone), new Date("2026-11-22T00:00:00Z"), 5);
        const elapsed = performance.now() - start;
        expect(times).toHaveLength(5);
        expect(elapsed, `${expression} in ${zone}`).toBeLessThan(100);
      }
    }
  });

  it("finds leap days that must also be given weekdays decades apart, quickly", () => {
    // "*/2" in day-of-week starts with "*", so Feb 29 must ALSO be a Sun/Tue/Thu/Sat.
    // Feb 29 weekdays: 2028 Tue, 2032 Sun, 2036 Fri, 2040 Wed, 2044 Mon, 2048 Sat, 2052 Thu, 2056 Tue.
    const start = performance.now();
    const times = nextFireTimes(cron("0 0 29 2 */2", "UTC"), new Date("2026-11-22T00:00:00Z"), 5);
    expect(performance.now() - start).toBeLessThan(100);
    expect(times.map((t) => t.toISOString().slice(0, 10))).toEqual([
      "2028-02-29",
      "2032-02-29",
      "2048-02-29",
      "2052-02-29",
      "2056-02-29",
    ]);
  });

  it("fires the leap-day schedule on Feb 29 local time every four years in Lord Howe", () => {
    // Feb 29 00:00 +11:00 (summer time in February) = Feb 28 13:00Z.
    const times = nextFireTimes(cron("0 0 29 2 *", "Australia/Lord_Howe"), new Date("2026-11-22T00:00:00Z"), 3);
    expect(times.map((t) => t.toISOString())).toEqual([
      "2028-02-28T13:00:00.000Z",
      "2032-02-28T13:00:00.000Z",
      "2036-02-28T13:00:00.000Z",
    ]);
  });
});
