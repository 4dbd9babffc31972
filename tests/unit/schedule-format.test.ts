import { describe, it, expect } from "vitest";
import {
  ScheduleError,
  describeSchedule,
  formatInZone,
  scheduleErrorMessage,
  utcOffsetMinutes,
  type ScheduleErrorCode,
} from "../../src/shared/schedule";

describe("formatInZone", () => {
  it("prints wall time with seconds and the zone's offset", () => {
    // 2027-03-14T07:00Z is 03:00 EDT (-04:00), the first minute after New York's spring-forward gap.
    expect(formatInZone(new Date("2027-03-14T07:00:00Z"), "America/New_York")).toBe("2027-03-14T03:00:00-04:00");
    // One minute earlier it is 01:59 EST.
    expect(formatInZone(new Date("2027-03-14T06:59:00Z"), "America/New_York")).toBe("2027-03-14T01:59:00-05:00");
    expect(formatInZone(new Date("2026-11-22T10:07:42.500Z"), "UTC")).toBe("2026-11-22T10:07:42+00:00");
  });

  it("prints fractional-hour offsets, positive and negative", () => {
    // +05:30, +05:45, +13:45 (Chatham summer), -03:30 (St John's standard time)
    expect(formatInZone(new Date("2026-11-22T18:30:00Z"), "Asia/Kolkata")).toBe("2026-11-23T00:00:00+05:30");
    expect(formatInZone(new Date("2026-11-22T18:15:00Z"), "Asia/Kathmandu")).toBe("2026-11-23T00:00:00+05:45");
    expect(formatInZone(new Date("2026-12-01T00:00:00Z"), "Pacific/Chatham")).toBe("2026-12-01T13:45:00+13:45");
    expect(formatInZone(new Date("2026-12-01T12:00:00Z"), "America/St_Johns")).toBe("2026-12-01T08:30:00-03:30");
  });

  it("crosses the date line the right way", () => {
    // 2026-12-31T11:00Z is 00:00 on Jan 1 in Kiritimati (+14:00) and 01:00 on Dec 31 in Pago Pago (-11:00).
    expect(formatInZone(new Date("2026-12-31T10:00:00Z"), "Pacific/Kiritimati")).toBe("2027-01-01T00:00:00+14:00");
    expect(formatInZone(new Date("2026-12-31T12:00:00Z"), "Pacific/Pago_Pago")).toBe("2026-12-31T01:00:00-11:00");
  });

  it("rejects an unknown zone", () => {
    expect(() => formatInZone(new Date("2026-11-22T00:00:00Z"), "+02:00")).toThrow(ScheduleError);
  });
});

describe("utcOffsetMinutes", () => {
  it("reports the offset in force at the instant, changing across DST transitions", () => {
    expect(utcOffsetMinutes(new Date("2027-03-14T06:59:00Z"), "America/New_York")).toBe(-300);
    expect(utcOffsetMinutes(new Date("2027-03-14T07:00:00Z"), "America/New_York")).toBe(-240);
    expect(utcOffsetMinutes(new Date("2026-10-03T15:29:00Z"), "Australia/Lord_Howe")).toBe(630);
    expect(utcOffsetMinutes(new Date("2026-10-03T15:30:00Z"), "Australia/Lord_Howe")).toBe(660);
    expect(utcOffsetMinutes(new Date("2026-11-22T00:00:00Z"), "Asia/Kathmandu")).toBe(345);
    expect(utcOffsetMinutes(new Date("2026-11-22T00:00:00Z"), "UTC")).toBe(0);
  });
});

describe("describeSchedule", () => {
  it("uses cronstrue in 24-hour format for cron expressions", () => {
    const describe = (expression: string) => describeSchedule({ kind: "cron", expression, timezone: "Europe/Berlin" });
    expect(describe("*/15 * * * *")).toBe("Every 15 minutes");
    expect(describe("0 9 * * mon-fri")).toBe("At 09:00, Monday through Friday");
    expect(describe("30 14 1 jan *")).toBe("At 14:30, on day 1 of the month, only in January");
  });

  it("describes macros by their expansion", () => {
    const describe = (expression: string) => describeSchedule({ kind: "cron", expression, timezone: "UTC" });
    expect(describe("@daily")).toBe("At 00:00");
    expect(describe("@midnight")).toBe("At 00:00");
    expect(describe("@hourly")).toBe("Every hour");
    expect(describe("@weekly")).toBe("At 00:00, only on Sunday");
  });

  it("describes periods in the biggest exact unit", () => {
    const describe = (periodSeconds: number) => describeSchedule({ kind: "period", periodSeconds });
    expect(describe(60)).toBe("Every minute");
    expect(describe(300)).toBe("Every 5 minutes");
    expect(describe(90)).toBe("Every 90 seconds");
    expect(describe(3600)).toBe("Every hour");
    expect(describe(7200)).toBe("Every 2 hours");
    expect(describe(5400)).toBe("Every 90 minutes");
    expect(describe(86400)).toBe("Every day");
    expect(describe(604800)).toBe("Every 7 days");
  });
});

describe("scheduleErrorMessage", () => {
  it("has a distinct human text for every code", () => {
    const codes: ScheduleErrorCode[] = [
      "invalid_cron_syntax",
      "unresolvable_schedule",
      "unknown_timezone",
      "invalid_field_type",
      "schedule_conflict",
    ];
    const texts = codes.map(scheduleErrorMessage);
    expect(new Set(texts).size).toBe(codes.length);
    expect(scheduleErrorMessage("unknown_timezone")).toMatch(/IANA/);
  });
});

describe("ScheduleError", () => {
  it("carries code and field and is an Error", () => {
    const error = new ScheduleError("schedule_conflict", "both given", null);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ScheduleError");
    expect([error.code, error.field, error.message]).toEqual(["schedule_conflict", null, "both given"]);
  });
});
