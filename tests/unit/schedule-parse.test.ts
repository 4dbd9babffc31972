import { describe, it, expect } from "vitest";
import {
  MONITOR_FIELDS,
  ScheduleError,
  isValidTimeZone,
  parseSchedule,
  type ScheduleErrorCode,
  type ScheduleFieldNames,
} from "../../src/shared/schedule";

const PREVIEW_FIELDS: ScheduleFieldNames = { kind: "kind", cron: "cron", tz: "tz", period: "period" };

function rejection(input: Parameters<typeof parseSchedule>[0], fields?: ScheduleFieldNames) {
  try {
    parseSchedule(input, fields);
  } catch (error) {
    if (error instanceof ScheduleError) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error("expected parseSchedule to throw");
}

function expectRejection(
  input: Parameters<typeof parseSchedule>[0],
  code: ScheduleErrorCode,
  field: string | null,
  fields?: ScheduleFieldNames,
) {
  const error = rejection(input, fields);
  expect({ code: error.code, field: error.field }).toEqual({ code, field });
}

describe("parseSchedule with kind 'cron'", () => {
  it("returns a normalized cron schedule with whitespace collapsed and UTC as the default zone", () => {
    expect(parseSchedule({ kind: "cron", cron: "  0  9 *\t* mon-fri " })).toEqual({
      kind: "cron",
      expression: "0 9 * * mon-fri",
      timezone: "UTC",
    });
    expect(parseSchedule({ kind: "cron", cron: "@daily", tz: null })).toEqual({
      kind: "cron",
      expression: "@daily",
      timezone: "UTC",
    });
  });

  it("keeps the given IANA zone, fixing only its capitalization", () => {
    expect(parseSchedule({ kind: "cron", cron: "0 * * * *", tz: "Europe/Berlin" })).toMatchObject({
      timezone: "Europe/Berlin",
    });
    expect(parseSchedule({ kind: "cron", cron: "0 * * * *", tz: "america/new_york" })).toMatchObject({
      timezone: "America/New_York",
    });
    expect(parseSchedule({ kind: "cron", cron: "0 * * * *", tz: "Asia/Kolkata" })).toMatchObject({
      timezone: "Asia/Kolkata",
    });
    expect(parseSchedule({ kind: "cron", cron: "0 * * * *", tz: "Etc/GMT+2" })).toMatchObject({
      timezone: "Etc/GMT+2",
    });
  });

  it("requires a cron expression and refuses a period next to it", () => {
    expectRejection({ kind: "cron" }, "schedule_conflict", "cron_expression");
    expectRejection({ kind: "cron", cron: null }, "schedule_conflict", "cron_expression");
    expectRejection({ kind: "cron", cron: "0 * * * *", period: 3600 }, "schedule_conflict", null);
    expect(parseSchedule({ kind: "cron", cron: "0 * * * *", period: null }).kind).toBe("cron");
  });

  it("rejects non-string cron and tz values as invalid_field_type", () => {
    expectRejection({ kind: "cron", cron: 5 }, "invalid_field_type", "cron_expression");
    expectRejection({ kind: "cron", cron: ["0 * * * *"] }, "invalid_field_type", "cron_expression");
    expectRejection({ kind: "cron", cron: "0 * * * *", tz: 2 }, "invalid_field_type", "timezone");
  });

  it("rejects unknown zones and raw UTC offsets as unknown_timezone", () => {
    for (const tz of ["Mars/Olympus", "+02:00", "-05:00", "UTC+2", "GMT+2", "utc-3", "", " UTC", "local"]) {
      expectRejection({ kind: "cron", cron: "0 * * * *", tz }, "unknown_timezone", "timezone");
    }
  });

  it("passes grammar and resolvability errors through with the cron field name", () => {
    expectRejection({ kind: "cron", cron: "0 0 * * * *" }, "invalid_cron_syntax", "cron_expression");
    expectRejection({ kind: "cron", cron: "0 0 31 2 *" }, "unresolvable_schedule", "cron_expression");
  });

  it("uses the caller's field names in errors", () => {
    expectRejection({ kind: "cron", cron: "@reboot" }, "invalid_cron_syntax", "cron", PREVIEW_FIELDS);
    expectRejection({ kind: "cron", cron: "0 * * * *", tz: "Nowhere/City" }, "unknown_timezone", "tz", PREVIEW_FIELDS);
    expectRejection({ kind: "period" }, "schedule_conflict", "period", PREVIEW_FIELDS);
    expectRejection({ kind: 1 }, "invalid_field_type", "kind", PREVIEW_FIELDS);
  });
});

describe("parseSchedule with kind 'period'", () => {
  it("returns the period in seconds and ignores the zone", () => {
    expect(parseSchedule({ kind: "period", period: 3600, tz: "Europe/Berlin" })).toEqual({
      kind: "period",
      periodSeconds: 3600,
    });
    expect(parseSchedule({ kind: "period", period: 60, cron: null })).toEqual({ kind: "period", periodSeconds: 60 });
  });

  it("requires a period and refuses a cron expression next to it", () => {
    expectRejection({ kind: "period" }, "schedule_conflict", "period_seconds");
    expectRejection({ kind: "period", period: null }, "schedule_conflict", "period_seconds");
    expectRejection({ kind: "period", period: 3600, cron: "0 * * * *" }, "schedule_conflict", null);
  });

  it("rejects non-integer and non-number periods as invalid_field_type", () => {
    for (const period of [90.5, "3600", true, Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      expectRejection({ kind: "period", period }, "invalid_field_type", "period_seconds");
    }
  });

  it("rejects periods below 60 seconds as invalid_field_type with an explicit message", () => {
    const error = rejection({ kind: "period", period: 59 });
    expect(error).toEqual({
      code: "invalid_field_type",
      field: "period_seconds",
      message: "period_seconds must be at least 60",
    });
    expectRejection({ kind: "period", period: 0 }, "invalid_field_type", "period_seconds");
    expectRejection({ kind: "period", period: -3600 }, "invalid_field_type", "period_seconds");
  });

  it("still requires tz to be a string when one is given", () => {
    expectRejection({ kind: "period", period: 3600, tz: 5 }, "invalid_field_type", "timezone");
  });
});

describe("parseSchedule kind field", () => {
  it("rejects a missing, non-string or unknown kind as invalid_field_type on the kind field", () => {
    expectRejection({ kind: undefined, cron: "0 * * * *" }, "invalid_field_type", MONITOR_FIELDS.kind);
    expectRejection({ kind: null }, "invalid_field_type", "schedule_kind");
    expectRejection({ kind: 2 }, "invalid_field_type", "schedule_kind");
    expectRejection({ kind: "interval", period: 60 }, "invalid_field_type", "schedule_kind");
    expectRejection({ kind: "CRON", cron: "0 * * * *" }, "invalid_field_type", "schedule_kind");
  });
});

describe("isValidTimeZone", () => {
  it("accepts IANA names, including links and Etc/GMT±N", () => {
    for (const tz of [
      "UTC",
      "Etc/UTC",
      "America/New_York",
      "Australia/Lord_Howe",
      "Asia/Calcutta",
      "Etc/GMT+2",
      "US/Eastern",
    ]) {
      expect(isValidTimeZone(tz), tz).toBe(true);
    }
  });

  it("rejects offsets, abbreviations that are not zone names, and garbage", () => {
    for (const tz of ["+02:00", "+0200", "-05:00", "UTC+2", "GMT-5", "CEST", "Z", "", "Europe/Atlantis"]) {
      expect(isValidTimeZone(tz), tz).toBe(false);
    }
  });
});
