import { describe, it, expect } from "vitest";
import { nextFireAfter, nextFireTimes, type Schedule } from "../../src/shared/schedule";

function cron(expression: string, timezone = "UTC"): Schedule {
  return { kind: "cron", expression, timezone };
}

function fires(expression: string, timezone: string, fromIso: string, count: number): string[] {
  return nextFireTimes(cron(expression, timezone), new Date(fromIso), count).map((d) => d.toISOString());
}

describe("nextFireTimes for cron schedules (UTC)", () => {
  it("fires every 15 minutes on quarter hours", () => {
    expect(fires("*/15 * * * *", "UTC", "2026-11-22T10:07:00Z", 4)).toEqual([
      "2026-11-22T10:15:00.000Z",
      "2026-11-22T10:30:00.000Z",
      "2026-11-22T10:45:00.000Z",
      "2026-11-22T11:00:00.000Z",
    ]);
  });

  it("returns only times strictly after `from`", () => {
    expect(fires("*/15 * * * *", "UTC", "2026-11-22T10:15:00Z", 1)).toEqual(["2026-11-22T10:30:00.000Z"]);
    expect(fires("*/15 * * * *", "UTC", "2026-11-22T10:14:59.999Z", 1)).toEqual(["2026-11-22T10:15:00.000Z"]);
    expect(fires("*/15 * * * *", "UTC", "2026-11-22T10:15:00.001Z", 1)).toEqual(["2026-11-22T10:30:00.000Z"]);
  });

  it("reads 5/15 as 5,20,35,50", () => {
    expect(fires("5/15 * * * *", "UTC", "2026-11-22T10:00:00Z", 5)).toEqual([
      "2026-11-22T10:05:00.000Z",
      "2026-11-22T10:20:00.000Z",
      "2026-11-22T10:35:00.000Z",
      "2026-11-22T10:50:00.000Z",
      "2026-11-22T11:05:00.000Z",
    ]);
  });

  it("steps through a range: 1-20/7 is 1,8,15", () => {
    expect(fires("1-20/7 * * * *", "UTC", "2026-11-22T10:00:00Z", 4)).toEqual([
      "2026-11-22T10:01:00.000Z",
      "2026-11-22T10:08:00.000Z",
      "2026-11-22T10:15:00.000Z",
      "2026-11-22T11:01:00.000Z",
    ]);
  });

  it("fires on weekdays only for mon-fri", () => {
    // 2026-11-20 is a Friday (10:00 is past 09:00), so next come Mon 23 … Fri 27.
    expect(fires("0 9 * * mon-fri", "UTC", "2026-11-20T10:00:00Z", 5)).toEqual([
      "2026-11-23T09:00:00.000Z",
      "2026-11-24T09:00:00.000Z",
      "2026-11-25T09:00:00.000Z",
      "2026-11-26T09:00:00.000Z",
      "2026-11-27T09:00:00.000Z",
    ]);
  });

  it("treats 7 and 0 and sun as Sunday", () => {
    // 2026-11-20 is a Friday; the following Sundays are Nov 22 and Nov 29.
    const expected = ["2026-11-22T12:00:00.000Z", "2026-11-29T12:00:00.000Z"];
    expect(fires("0 12 * * 7", "UTC", "2026-11-20T00:00:00Z", 2)).toEqual(expected);
    expect(fires("0 12 * * 0", "UTC", "2026-11-20T00:00:00Z", 2)).toEqual(expected);
    expect(fires("0 12 * * SUN", "UTC", "2026-11-20T00:00:00Z", 2)).toEqual(expected);
  });

  it("includes Sunday in the range 5-7 (Fri, Sat, Sun)", () => {
    expect(fires("0 0 * * 5-7", "UTC", "2026-11-19T12:00:00Z", 4)).toEqual([
      "2026-11-20T00:00:00.000Z", // Fri
      "2026-11-21T00:00:00.000Z", // Sat
      "2026-11-22T00:00:00.000Z", // Sun
      "2026-11-27T00:00:00.000Z", // next Fri
    ]);
  });

  it("accepts month names, case-insensitively", () => {
    expect(fires("0 0 1 jan,JUL *", "UTC", "2026-11-22T00:00:00Z", 3)).toEqual([
      "2027-01-01T00:00:00.000Z",
      "2027-07-01T00:00:00.000Z",
      "2028-01-01T00:00:00.000Z",
    ]);
  });

  it("ORs day-of-month and day-of-week when both are restricted", () => {
    // "the 13th OR any Friday": Fridays in Nov 2026 are 6, 13, 20, 27; Dec 4, 11; Sunday Dec 13 is the 13th.
    expect(fires("0 0 13 * 5", "UTC", "2026-11-01T00:00:00Z", 7)).toEqual([
      "2026-11-06T00:00:00.000Z",
      "2026-11-13T00:00:00.000Z",
      "2026-11-20T00:00:00.000Z",
      "2026-11-27T00:00:00.000Z",
      "2026-12-04T00:00:00.000Z",
      "2026-12-11T00:00:00.000Z",
      "2026-12-13T00:00:00.000Z",
    ]);
  });

  it("ANDs day-of-month and day-of-week when either field starts with '*'", () => {
    // */10 = days 1,11,21,31, and they must be Fridays: Dec 11 2026 (Fri), Jan 1 2027 (Fri), then
    // Jan 11 Mon, 21 Thu, 31 Sun; Feb 1 Mon, 11 Thu, 21 Sun; Mar 1 Mon, 11 Thu, 21 Sun, 31 Wed;
    // Apr 1 Thu, 11 Sun, 21 Wed; May 1 Sat, 11 Tue, 21 Fri -> May 21 2027.
    expect(fires("0 0 */10 * 5", "UTC", "2026-11-22T00:00:00Z", 3)).toEqual([
      "2026-12-11T00:00:00.000Z",
      "2027-01-01T00:00:00.000Z",
      "2027-05-21T00:00:00.000Z",
    ]);
    // Day-of-week "*" with a restricted day-of-month: only the 15th.
    expect(fires("0 0 15 * *", "UTC", "2026-11-22T00:00:00Z", 2)).toEqual([
      "2026-12-15T00:00:00.000Z",
      "2027-01-15T00:00:00.000Z",
    ]);
  });

  it("finds the next leap day: 0 0 29 2 * from 2026-11-22 is 2028-02-29", () => {
    expect(fires("0 0 29 2 *", "UTC", "2026-11-22T00:00:00Z", 2)).toEqual([
      "2028-02-29T00:00:00.000Z",
      "2032-02-29T00:00:00.000Z",
    ]);
  });

  it("skips 2100, which is not a leap year: from 2096-03-01 the next Feb 29 is in 2104", () => {
    expect(fires("0 0 29 2 *", "UTC", "2096-03-01T00:00:00Z", 1)).toEqual(["2104-02-29T00:00:00.000Z"]);
  });

  it("fires on the 31st only in months that have one", () => {
    expect(fires("0 0 31 * *", "UTC", "2026-11-22T00:00:00Z", 3)).toEqual([
      "2026-12-31T00:00:00.000Z",
      "2027-01-31T00:00:00.000Z",
      "2027-03-31T00:00:00.000Z",
    ]);
  });

  it("expands macros: @hourly, @daily/@midnight, @weekly, @monthly, @yearly", () => {
    const from = "2026-11-22T10:30:00Z"; // a Sunday
    expect(fires("@hourly", "UTC", from, 1)).toEqual(["2026-11-22T11:00:00.000Z"]);
    expect(fires("@daily", "UTC", from, 1)).toEqual(["2026-11-23T00:00:00.000Z"]);
    expect(fires("@midnight", "UTC", from, 1)).toEqual(["2026-11-23T00:00:00.000Z"]);
    expect(fires("@weekly", "UTC", from, 1)).toEqual(["2026-11-29T00:00:00.000Z"]);
    expect(fires("@monthly", "UTC", from, 1)).toEqual(["2026-12-01T00:00:00.000Z"]);
    expect(fires("@yearly", "UTC", from, 1)).toEqual(["2027-01-01T00:00:00.000Z"]);
    expect(fires("@annually", "UTC", from, 1)).toEqual(["2027-01-01T00:00:00.000Z"]);
  });

  it("returns an empty list for count 0 and rejects an invalid expression", () => {
    expect(fires("* * * * *", "UTC", "2026-11-22T00:00:00Z", 0)).toEqual([]);
    expect(() => fires("0 0 31 2 *", "UTC", "2026-11-22T00:00:00Z", 1)).toThrow(/never fires/);
    expect(() => fires("0 * * * *", "Mars/Olympus", "2026-11-22T00:00:00Z", 1)).toThrow(/time zone/);
  });
});

describe("nextFireTimes in zones without DST", () => {
  it("converts wall time in Asia/Kolkata (+05:30)", () => {
    // Fri 2026-11-20 09:00 IST = 03:30Z; then Mon 2026-11-23 03:30Z.
    expect(fires("0 9 * * 1-5", "Asia/Kolkata", "2026-11-20T00:00:00Z", 2)).toEqual([
      "2026-11-20T03:30:00.000Z",
      "2026-11-23T03:30:00.000Z",
    ]);
  });

  it("converts wall time in Asia/Kathmandu (+05:45)", () => {
    // 2026-11-22T00:00Z is 05:45 local; next local midnight is Nov 23 00:00 = 2026-11-22T18:15Z.
    expect(fires("0 0 * * *", "Asia/Kathmandu", "2026-11-22T00:00:00Z", 1)).toEqual(["2026-11-22T18:15:00.000Z"]);
    // Local :30 is UTC :45.
    expect(fires("30 * * * *", "Asia/Kathmandu", "2026-11-22T00:00:00Z", 2)).toEqual([
      "2026-11-22T00:45:00.000Z",
      "2026-11-22T01:45:00.000Z",
    ]);
  });
});

describe("nextFireTimes for period schedules", () => {
  it("fires at from + k * period", () => {
    const schedule: Schedule = { kind: "period", periodSeconds: 7200 };
    const from = new Date("2026-11-22T10:00:30Z");
    expect(nextFireTimes(schedule, from, 3).map((d) => d.toISOString())).toEqual([
      "2026-11-22T12:00:30.000Z",
      "2026-11-22T14:00:30.000Z",
      "2026-11-22T16:00:30.000Z",
    ]);
  });

  it("ignores DST: a 1-day period is always 86400 seconds", () => {
    const schedule: Schedule = { kind: "period", periodSeconds: 86400 };
    expect(nextFireAfter(schedule, new Date("2027-03-13T12:00:00Z")).toISOString()).toBe("2027-03-14T12:00:00.000Z");
  });
});

describe("nextFireAfter", () => {
  it("equals the first of nextFireTimes", () => {
    const schedule = cron("30 2 * * *", "America/New_York");
    const from = new Date("2027-03-13T12:00:00Z");
    expect(nextFireAfter(schedule, from)).toEqual(nextFireTimes(schedule, from, 1)[0]);
    expect(nextFireAfter(schedule, from).toISOString()).toBe("2027-03-14T07:00:00.000Z");
  });
});
