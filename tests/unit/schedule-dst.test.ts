import { describe, it, expect } from "vitest";
import { formatInZone, nextFireTimes, type Schedule } from "../../src/shared/schedule";

// Transitions used below (from tzdata):
//   America/New_York  2026-11-01 02:00 EDT -> 01:00 EST at 06:00Z; 2027-03-14 02:00 EST -> 03:00 EDT at 07:00Z
//   Europe/Berlin     2026-10-25 03:00 CEST -> 02:00 CET at 01:00Z; 2027-03-28 02:00 CET -> 03:00 CEST at 01:00Z
//   Australia/Lord_Howe (+10:30 / +11:00, 30-minute shift)
//                     2026-10-04 02:00 -> 02:30 at 2026-10-03T15:30Z; 2027-04-04 02:00 -> 01:30 at 2027-04-03T15:00Z
//   Pacific/Chatham  (+12:45 / +13:45)
//                     2026-09-27 02:45 -> 03:45 at 2026-09-26T14:00Z; 2027-04-04 03:45 -> 02:45 at 2027-04-03T14:00Z

function cron(expression: string, timezone: string): Schedule {
  return { kind: "cron", expression, timezone };
}

function fires(expression: string, timezone: string, fromIso: string, count: number): string[] {
  return nextFireTimes(cron(expression, timezone), new Date(fromIso), count).map((d) => d.toISOString());
}

describe("spring forward: fixed-time jobs in the skipped interval fire at the end of the gap", () => {
  it("30 2 * * * in New York fires at 03:00 EDT (07:00Z) on 2027-03-14", () => {
    const times = fires("30 2 * * *", "America/New_York", "2027-03-13T12:00:00Z", 2);
    // 2027-03-15 02:30 EDT = 06:30Z
    expect(times).toEqual(["2027-03-14T07:00:00.000Z", "2027-03-15T06:30:00.000Z"]);
    expect(formatInZone(new Date(times[0]!), "America/New_York")).toBe("2027-03-14T03:00:00-04:00");
  });

  it("0 2 * * * in Berlin fires at 03:00 CEST (01:00Z) on 2027-03-28", () => {
    // 2027-03-29 02:00 CEST = 00:00Z
    expect(fires("0 2 * * *", "Europe/Berlin", "2027-03-27T12:00:00Z", 2)).toEqual([
      "2027-03-28T01:00:00.000Z",
      "2027-03-29T00:00:00.000Z",
    ]);
  });

  it("fires once when several listed times fall in the same gap", () => {
    // 02:00 and 02:30 are both skipped -> one fire at 03:00 EDT; next day 02:00 EDT = 06:00Z.
    expect(fires("0,30 2 * * *", "America/New_York", "2027-03-13T12:00:00Z", 3)).toEqual([
      "2027-03-14T07:00:00.000Z",
      "2027-03-15T06:00:00.000Z",
      "2027-03-15T06:30:00.000Z",
    ]);
  });

  it("does not fire twice when the gap's end is itself a listed time", () => {
    // 0 2,3: skipped 02:00 -> 03:00 EDT (07:00Z), which is also the 03:00 fire; next is 2027-03-15 02:00 EDT.
    expect(fires("0 2,3 * * *", "America/New_York", "2027-03-13T12:00:00Z", 2)).toEqual([
      "2027-03-14T07:00:00.000Z",
      "2027-03-15T06:00:00.000Z",
    ]);
  });

  it("still fires at the gap's end when `from` is the minute just before it", () => {
    // from 06:59:30Z = 01:59:30 EST; the gap fire is at 07:00Z.
    expect(fires("30 2 * * *", "America/New_York", "2027-03-14T06:59:30Z", 1)).toEqual(["2027-03-14T07:00:00.000Z"]);
    // from exactly 07:00Z: strictly after, so the next is 2027-03-15 02:30 EDT = 06:30Z.
    expect(fires("30 2 * * *", "America/New_York", "2027-03-14T07:00:00Z", 1)).toEqual(["2027-03-15T06:30:00.000Z"]);
  });

  it("handles Lord Howe's 30-minute gap: 15 2 * * * fires at 02:30 LHDT", () => {
    // 02:15 does not exist on 2026-10-04 -> fires at the transition 2026-10-03T15:30Z (02:30 +11:00);
    // next day 02:15 +11:00 = 2026-10-04T15:15Z.
    const times = fires("15 2 * * *", "Australia/Lord_Howe", "2026-10-03T00:00:00Z", 2);
    expect(times).toEqual(["2026-10-03T15:30:00.000Z", "2026-10-04T15:15:00.000Z"]);
    expect(formatInZone(new Date(times[0]!), "Australia/Lord_Howe")).toBe("2026-10-04T02:30:00+11:00");
    // 02:45 exists on that day (+11:00): 2026-10-03T15:45Z, no shift.
    expect(fires("45 2 * * *", "Australia/Lord_Howe", "2026-10-03T00:00:00Z", 1)).toEqual(["2026-10-03T15:45:00.000Z"]);
  });

  it("handles Chatham's 02:45 -> 03:45 gap: 0 3 * * * fires at 03:45 +13:45", () => {
    // 03:00 is skipped on 2026-09-27 -> fires at 2026-09-26T14:00Z; next day 03:00 +13:45 = 2026-09-27T13:15Z.
    expect(fires("0 3 * * *", "Pacific/Chatham", "2026-09-26T00:00:00Z", 2)).toEqual([
      "2026-09-26T14:00:00.000Z",
      "2026-09-27T13:15:00.000Z",
    ]);
  });
});

describe("spring forward: wildcard, stepped and ranged jobs skip the missing wall times", () => {
  it("*/30 * * * * in New York goes from 01:30 EST straight to 03:00 EDT", () => {
    // 01:30 EST = 06:30Z, 03:00 EDT = 07:00Z, 03:30 EDT = 07:30Z.
    expect(fires("*/30 * * * *", "America/New_York", "2027-03-14T06:00:00Z", 3)).toEqual([
      "2027-03-14T06:30:00.000Z",
      "2027-03-14T07:00:00.000Z",
      "2027-03-14T07:30:00.000Z",
    ]);
  });

  it("*/30 2 * * * skips the whole day of the gap", () => {
    // Next 02:00 that exists: 2027-03-15 02:00 EDT = 06:00Z.
    expect(fires("*/30 2 * * *", "America/New_York", "2027-03-13T12:00:00Z", 2)).toEqual([
      "2027-03-15T06:00:00.000Z",
      "2027-03-15T06:30:00.000Z",
    ]);
  });

  it("an hour range 1-3 is fixed-time (Debian: its hour field does not start with *): 02:30 runs at 03:00 EDT", () => {
    // 01:30 EST = 06:30Z, (02:30 missing) -> 03:00 EDT = 07:00Z, 03:30 EDT = 07:30Z.
    expect(fires("30 1-3 * * *", "America/New_York", "2027-03-14T05:00:00Z", 3)).toEqual([
      "2027-03-14T06:30:00.000Z",
      "2027-03-14T07:00:00.000Z",
      "2027-03-14T07:30:00.000Z",
    ]);
  });

  it("*/20 * * * * in Lord Howe skips 02:00 and 02:20", () => {
    // 01:40 +10:30 = 15:10Z; 02:40 +11:00 = 15:40Z; 03:00 +11:00 = 16:00Z.
    expect(fires("*/20 * * * *", "Australia/Lord_Howe", "2026-10-03T15:00:00Z", 3)).toEqual([
      "2026-10-03T15:10:00.000Z",
      "2026-10-03T15:40:00.000Z",
      "2026-10-03T16:00:00.000Z",
    ]);
  });
});

describe("fall back: fixed-time jobs fire once, at the first occurrence", () => {
  it("30 1 * * * in New York fires at 01:30 EDT (05:30Z), not again at 06:30Z", () => {
    // 2026-11-02 01:30 EST = 06:30Z.
    expect(fires("30 1 * * *", "America/New_York", "2026-10-31T12:00:00Z", 2)).toEqual([
      "2026-11-01T05:30:00.000Z",
      "2026-11-02T06:30:00.000Z",
    ]);
  });

  it("does not fire in the repeated hour even when `from` is inside it", () => {
    // from 06:10Z = 01:10 EST (second pass): 01:30 already fired at 05:30Z.
    expect(fires("30 1 * * *", "America/New_York", "2026-11-01T06:10:00Z", 1)).toEqual(["2026-11-02T06:30:00.000Z"]);
    // from 05:45Z = 01:45 EDT (first pass, after the fire): same answer.
    expect(fires("30 1 * * *", "America/New_York", "2026-11-01T05:45:00Z", 1)).toEqual(["2026-11-02T06:30:00.000Z"]);
    // from 05:10Z = 01:10 EDT: the first occurrence is still ahead.
    expect(fires("30 1 * * *", "America/New_York", "2026-11-01T05:10:00Z", 1)).toEqual(["2026-11-01T05:30:00.000Z"]);
  });

  it("30 2 * * * in Berlin fires at 02:30 CEST (00:30Z) on 2026-10-25 only", () => {
    // 2026-10-26 02:30 CET = 01:30Z.
    expect(fires("30 2 * * *", "Europe/Berlin", "2026-10-24T12:00:00Z", 2)).toEqual([
      "2026-10-25T00:30:00.000Z",
      "2026-10-26T01:30:00.000Z",
    ]);
  });

  it("45 1 * * * in Lord Howe fires once in the repeated half hour", () => {
    // 01:45 +11:00 = 2027-04-03T14:45Z; the repeat at 01:45 +10:30 (15:15Z) is skipped;
    // next 2027-04-05 01:45 +10:30 = 2027-04-04T15:15Z.
    expect(fires("45 1 * * *", "Australia/Lord_Howe", "2027-04-03T12:00:00Z", 2)).toEqual([
      "2027-04-03T14:45:00.000Z",
      "2027-04-04T15:15:00.000Z",
    ]);
  });

  it("0 3 * * * in Chatham fires once in the repeated hour 02:45-03:44", () => {
    // 03:00 +13:45 = 2027-04-03T13:15Z; repeat at 03:00 +12:45 (14:15Z) skipped; next 2027-04-05 03:00 +12:45 = 2027-04-04T14:15Z.
    expect(fires("0 3 * * *", "Pacific/Chatham", "2027-04-03T00:00:00Z", 2)).toEqual([
      "2027-04-03T13:15:00.000Z",
      "2027-04-04T14:15:00.000Z",
    ]);
  });
});

describe("fall back: wildcard and stepped jobs fire at both occurrences", () => {
  it("0 * * * * in New York fires at 05:00Z and 06:00Z, both 01:00 local", () => {
    const times = fires("0 * * * *", "America/New_York", "2026-11-01T03:30:00Z", 4);
    expect(times).toEqual([
      "2026-11-01T04:00:00.000Z",
      "2026-11-01T05:00:00.000Z",
      "2026-11-01T06:00:00.000Z",
      "2026-11-01T07:00:00.000Z",
    ]);
    expect(times.map((t) => formatInZone(new Date(t), "America/New_York"))).toEqual([
      "2026-11-01T00:00:00-04:00",
      "2026-11-01T01:00:00-04:00",
      "2026-11-01T01:00:00-05:00",
      "2026-11-01T02:00:00-05:00",
    ]);
  });

  it("*/30 2 * * * in Berlin fires four times in the doubled 02:xx hour", () => {
    // 02:00, 02:30 CEST = 00:00Z, 00:30Z; 02:00, 02:30 CET = 01:00Z, 01:30Z.
    expect(fires("*/30 2 * * *", "Europe/Berlin", "2026-10-24T12:00:00Z", 4)).toEqual([
      "2026-10-25T00:00:00.000Z",
      "2026-10-25T00:30:00.000Z",
      "2026-10-25T01:00:00.000Z",
      "2026-10-25T01:30:00.000Z",
    ]);
  });

  it("*/20 1 * * * in Lord Howe repeats only the wall times inside the repeated half hour", () => {
    // 01:00, 01:20, 01:40 at +11:00 = 14:00Z, 14:20Z, 14:40Z; then 01:40 again at +10:30 = 15:10Z
    // (01:00 and 01:20 are not repeated: only 01:30-01:59 is); next day 01:00 +10:30 = 2027-04-04T14:30Z.
    expect(fires("*/20 1 * * *", "Australia/Lord_Howe", "2027-04-03T13:00:00Z", 5)).toEqual([
      "2027-04-03T14:00:00.000Z",
      "2027-04-03T14:20:00.000Z",
      "2027-04-03T14:40:00.000Z",
      "2027-04-03T15:10:00.000Z",
      "2027-04-04T14:30:00.000Z",
    ]);
  });

  it("picks up the second occurrence when `from` is between the two", () => {
    // from 05:10Z (01:10 EDT): 01:00 EST = 06:00Z is still ahead.
    expect(fires("0 * * * *", "America/New_York", "2026-11-01T05:10:00Z", 1)).toEqual(["2026-11-01T06:00:00.000Z"]);
  });
});

describe("whole-year invariants", () => {
  const zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham"];

  it.each(zones)("a fixed daily job fires exactly once per local day through a year of DST in %s", (zone) => {
    // 2:15 (and 3:00 for Chatham) falls into every gap and overlap above; 366 fires = 366 distinct local dates.
    const expression = zone === "Pacific/Chatham" ? "0 3 * * *" : "15 2 * * *";
    const times = nextFireTimes(cron(expression, zone), new Date("2026-06-01T00:00:00Z"), 366);
    const localDates = times.map((t) => formatInZone(t, zone).slice(0, 10));
    expect(new Set(localDates).size).toBe(366);
    for (let i = 1; i < times.length; i++) expect(times[i]!.getTime()).toBeGreaterThan(times[i - 1]!.getTime());
  });

  it.each(zones)("*/20 * * * * fires exactly at the instants whose local minute is a multiple of 20 in %s", (zone) => {
    // Brute force over the 2 days starting shortly before each transition of the zone in 2026-2027.
    const windows = {
      "America/New_York": ["2026-10-31T00:00:00Z", "2027-03-13T00:00:00Z"],
      "Europe/Berlin": ["2026-10-24T00:00:00Z", "2027-03-27T00:00:00Z"],
      "Australia/Lord_Howe": ["2026-10-02T00:00:00Z", "2027-04-02T00:00:00Z"],
      "Pacific/Chatham": ["2026-09-25T00:00:00Z", "2027-04-02T00:00:00Z"],
    }[zone]!;
    for (const start of windows) {
      const startMs = Date.parse(start);
      const expected: string[] = [];
      for (let t = startMs + 60_000; t <= startMs + 2 * 86_400_000; t += 60_000) {
        const minute = Number(formatInZone(new Date(t), zone).slice(14, 16));
        if (minute % 20 === 0) expected.push(new Date(t).toISOString());
      }
      const actual = fires("*/20 * * * *", zone, start, expected.length);
      expect(actual).toEqual(expected);
    }
  });
});
