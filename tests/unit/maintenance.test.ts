import { describe, expect, it } from "vitest";
import { announcementsDue } from "../../src/server/domain/maintenance-announcements";
import { daysWithRun, quietTime } from "../../src/server/domain/maintenance-days";
import {
  currentOrNext,
  maintenanceAt,
  running,
  runsTooClose,
  type WindowTiming,
} from "../../src/server/domain/maintenance";

const at = (iso: string) => new Date(iso);
const once: WindowTiming = { kind: "once", startsAt: at("2027-03-01T10:00:00Z"), endsAt: at("2027-03-01T12:00:00Z") };
// Every day at 01:30 in Berlin for 2 hours. 2027-03-28 02:00 CET -> 03:00 CEST at 01:00Z;
// 2026-10-25 03:00 CEST -> 02:00 CET at 01:00Z.
const nightly: WindowTiming = {
  kind: "recurring",
  schedule: { kind: "cron", expression: "30 1 * * *", timezone: "Europe/Berlin" },
  durationMinutes: 120,
};

describe("a one-off window", () => {
  it("is upcoming before its start, running from its start until (not including) its end, and gone after", () => {
    expect(currentOrNext(once, at("2027-03-01T09:00:00Z"))).toEqual({
      start: at("2027-03-01T10:00:00Z"),
      end: at("2027-03-01T12:00:00Z"),
    });
    expect(running(currentOrNext(once, at("2027-03-01T09:59:59Z")), at("2027-03-01T09:59:59Z"))).toBe(false);
    expect(running(currentOrNext(once, at("2027-03-01T10:00:00Z")), at("2027-03-01T10:00:00Z"))).toBe(true);
    expect(running(currentOrNext(once, at("2027-03-01T11:59:59Z")), at("2027-03-01T11:59:59Z"))).toBe(true);
    expect(currentOrNext(once, at("2027-03-01T12:00:00Z"))).toBeNull();
  });
});

describe("a recurring window", () => {
  it("runs from each fire time of its schedule for its duration, and names the next run in between", () => {
    // 2027-03-01: CET (+01:00), 01:30 local = 00:30Z.
    expect(currentOrNext(nightly, at("2027-03-01T01:00:00Z"))).toEqual({
      start: at("2027-03-01T00:30:00Z"),
      end: at("2027-03-01T02:30:00Z"),
    });
    expect(currentOrNext(nightly, at("2027-03-01T02:30:00Z"))).toEqual({
      start: at("2027-03-02T00:30:00Z"),
      end: at("2027-03-02T02:30:00Z"),
    });
    expect(running(currentOrNext(nightly, at("2027-03-01T02:29:59Z")), at("2027-03-01T02:29:59Z"))).toBe(true);
  });

  it("lasts exactly its duration across the spring-forward night in Europe/Berlin, and starts at 01:30 local on each side", () => {
    // 2027-03-28 01:30 CET = 00:30Z; the clocks jump at 01:00Z, the window still ends 2 real hours later (04:30 CEST).
    const night = currentOrNext(nightly, at("2027-03-28T01:15:00Z"));
    expect(night).toEqual({ start: at("2027-03-28T00:30:00Z"), end: at("2027-03-28T02:30:00Z") });
    expect(running(night, at("2027-03-28T02:29:00Z"))).toBe(true);
    // 2027-03-29 01:30 CEST = 23:30Z the day before.
    expect(currentOrNext(nightly, at("2027-03-28T02:30:00Z"))).toEqual({
      start: at("2027-03-28T23:30:00Z"),
      end: at("2027-03-29T01:30:00Z"),
    });
  });

  it("lasts exactly its duration across the fall-back night in Europe/Berlin", () => {
    // 2026-10-25 01:30 CEST = 23:30Z on the 24th; the clocks go back at 01:00Z.
    expect(currentOrNext(nightly, at("2026-10-25T00:00:00Z"))).toEqual({
      start: at("2026-10-24T23:30:00Z"),
      end: at("2026-10-25T01:30:00Z"),
    });
    // 2026-10-26 01:30 CET = 00:30Z.
    expect(currentOrNext(nightly, at("2026-10-25T01:30:00Z"))).toEqual({
      start: at("2026-10-26T00:30:00Z"),
      end: at("2026-10-26T02:30:00Z"),
    });
  });
});

describe("the maintenance an object is under", () => {
  it("is the running window that ends last, or null when none runs", () => {
    const now = at("2027-03-01T11:00:00Z");
    const windows = [
      { id: 1, occurrence: { start: at("2027-03-01T10:00:00Z"), end: at("2027-03-01T12:00:00Z") } },
      { id: 2, occurrence: { start: at("2027-03-01T10:30:00Z"), end: at("2027-03-01T13:00:00Z") } },
      { id: 3, occurrence: { start: at("2027-03-01T11:30:00Z"), end: at("2027-03-01T14:00:00Z") } },
      { id: 4, occurrence: null },
    ];
    expect(maintenanceAt(windows, now)).toEqual({ windowId: 2, endsAt: at("2027-03-01T13:00:00Z") });
    expect(maintenanceAt(windows, at("2027-03-01T09:00:00Z"))).toBeNull();
  });
});

describe("how close a recurring window's runs may be", () => {
  const cron = (expression: string, timezone = "UTC") => ({ kind: "cron" as const, expression, timezone });
  it("refuses runs less than an hour apart and accepts hourly, nightly and weekly ones", () => {
    expect(runsTooClose(cron("* * * * *"), at("2027-03-01T10:00:30Z"))).toEqual({
      first: at("2027-03-01T10:01:00Z"),
      second: at("2027-03-01T10:02:00Z"),
    });
    expect(runsTooClose(cron("0,30 * * * *"), at("2027-03-01T10:00:30Z"))).not.toBeNull();
    // Two runs close together once a year are found too.
    expect(runsTooClose(cron("0,10 0 1 1 *"), at("2027-03-01T10:00:00Z"))).toEqual({
      first: at("2028-01-01T00:00:00Z"),
      second: at("2028-01-01T00:10:00Z"),
    });
    for (const ok of ["0 * * * *", "30 1 * * *", "0 3 * * 0", "15 0,1,2 * * *"])
      expect(runsTooClose(cron(ok, "Europe/Berlin"), at("2027-03-01T10:00:00Z"))).toBeNull();
  });
});

describe("the past runs kept per monitor and day", () => {
  const ms = (iso: string) => at(iso).getTime();
  it("cuts a run at UTC midnight into each day's minutes, adds it once, and reads it back joined with other runs", () => {
    const run = { start: at("2027-03-01T23:00:00Z"), end: at("2027-03-02T01:00:00Z") };
    const first = daysWithRun(new Map(), [7], run);
    expect(first.map((d) => [d.day, d.minutes.length])).toEqual([
      ["2027-03-01", 240],
      ["2027-03-02", 240],
    ]);
    const stored = new Map(first.map((d) => [`7 ${d.day}`, d.minutes]));
    // The same run again changes nothing.
    expect(daysWithRun(stored, [7], run)).toEqual(first);
    const later = daysWithRun(stored, [7], { start: at("2027-03-02T00:30:00Z"), end: at("2027-03-02T02:00:00Z") });
    const days = new Map([
      ["2027-03-01", first[0]!.minutes],
      ["2027-03-02", later[0]!.minutes],
    ]);
    const quiet = quietTime(days, []);
    expect(quiet.covered(ms("2027-03-01T00:00:00Z"), ms("2027-03-03T00:00:00Z"))).toBe(3 * 3_600_000);
    expect(quiet.covered(ms("2027-03-01T23:30:00Z"), ms("2027-03-01T23:30:30Z"))).toBe(30_000);
    expect(quiet.covered(ms("2027-03-02T02:00:00Z"), ms("2027-03-02T05:00:00Z"))).toBe(0);
    // A one-off run over part of the same time counts it once.
    const joined = quietTime(days, [[ms("2027-03-02T01:30:00Z"), ms("2027-03-02T03:00:00Z")]]);
    expect(joined.covered(ms("2027-03-02T00:00:00Z"), ms("2027-03-03T00:00:00Z"))).toBe(3 * 3_600_000);
  });
});

describe("what a sweep announces of a stored run", () => {
  const run = { start: at("2027-03-01T10:00:00Z"), end: at("2027-03-01T12:00:00Z") };
  it("announces the start once it has started and the end once it has ended after its start, nothing else", () => {
    expect(announcementsDue(0, run, at("2027-03-01T09:59:59Z"))).toEqual([]);
    expect(announcementsDue(0, run, at("2027-03-01T10:00:00Z"))).toEqual([
      { event: "maintenance.started", from: 0, phase: 1 },
    ]);
    expect(announcementsDue(1, run, at("2027-03-01T11:59:59Z"))).toEqual([]);
    expect(announcementsDue(1, run, at("2027-03-01T12:00:00Z"))).toEqual([
      { event: "maintenance.ended", from: 1, phase: 2 },
    ]);
    expect(announcementsDue(2, run, at("2027-03-01T13:00:00Z"))).toEqual([]);
    // A run never seen running is announced neither.
    expect(announcementsDue(0, run, at("2027-03-01T12:00:00Z"))).toEqual([]);
  });
});
