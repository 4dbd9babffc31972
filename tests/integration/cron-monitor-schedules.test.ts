import { beforeEach, describe, expect, it } from "vitest";
import { testDb } from "../support/db";
import { call, expectStandardError, registerUser, type Answer, type TestUser } from "../support/http";
import { createMonitor, monitorBody } from "../support/seed";

/** The exact schedule error body of spec 7.2. */
function expectScheduleError(answer: Answer, code: string, field: string | null) {
  expect(answer.status, answer.text).toBe(400);
  expect(Object.keys(answer.body).sort()).toEqual(["code", "error", "field", "message"]);
  expect(answer.body).toMatchObject({ error: "invalid_schedule", code, field });
  expect(typeof answer.body.message).toBe("string");
  expect(answer.body.message.length).toBeGreaterThan(0);
}

/** Each row of the spec 7.2 table, as create bodies (schedule fields only), with the field named. */
const CREATE_CASES: [string, Record<string, unknown>, string | null][] = [
  ["invalid_cron_syntax", { schedule_kind: "cron", cron_expression: "61 * * * *" }, "cron_expression"],
  ["invalid_cron_syntax", { schedule_kind: "cron", cron_expression: "@reboot" }, "cron_expression"],
  ["invalid_cron_syntax", { schedule_kind: "cron", cron_expression: "CRON_TZ=UTC 0 * * * *" }, "cron_expression"],
  ["invalid_cron_syntax", { schedule_kind: "cron", cron_expression: "0 0 * * * *" }, "cron_expression"],
  ["unresolvable_schedule", { schedule_kind: "cron", cron_expression: "0 0 31 2 *" }, "cron_expression"],
  [
    "unknown_timezone",
    { schedule_kind: "cron", cron_expression: "0 * * * *", timezone: "Mars/Olympus_Mons" },
    "timezone",
  ],
  ["unknown_timezone", { schedule_kind: "cron", cron_expression: "0 * * * *", timezone: "+02:00" }, "timezone"],
  ["unknown_timezone", { schedule_kind: "period", period_seconds: 600, timezone: "Not/AZone" }, "timezone"],
  ["invalid_field_type", { schedule_kind: "period", period_seconds: "3600" }, "period_seconds"],
  ["invalid_field_type", { schedule_kind: "period", period_seconds: 90.5 }, "period_seconds"],
  ["invalid_field_type", { schedule_kind: "period", period_seconds: 30 }, "period_seconds"],
  ["invalid_field_type", { schedule_kind: "cron", cron_expression: 5 }, "cron_expression"],
  ["invalid_field_type", { schedule_kind: "cron", cron_expression: "0 * * * *", timezone: 7 }, "timezone"],
  ["invalid_field_type", { schedule_kind: "weekly", cron_expression: "0 * * * *" }, "schedule_kind"],
  ["schedule_conflict", { schedule_kind: "cron", cron_expression: "0 * * * *", period_seconds: 600 }, null],
  ["schedule_conflict", { schedule_kind: "period", period_seconds: 600, cron_expression: "0 * * * *" }, null],
  ["schedule_conflict", { schedule_kind: "cron", period_seconds: 600 }, "cron_expression"],
  ["schedule_conflict", { schedule_kind: "period" }, "period_seconds"],
];

let alice: TestUser;
beforeEach(async () => {
  alice = await registerUser("alice");
});

const monitorCount = (userSlug: string) =>
  testDb()
    .one<{ n: number }>(
      `SELECT count(*) AS n FROM cron_monitors m JOIN organizations o ON o.id = m.org_id WHERE o.slug = ?`,
      [userSlug],
    )
    .then((r) => r!.n);

describe("schedule errors on create (spec 7.2)", () => {
  it.each(CREATE_CASES)("answers %s for %j naming the field", async (code, schedule, field) => {
    const before = await monitorCount(alice.orgSlug);
    const res = await call("POST", "/cron-monitors", { token: alice.access, body: { name: "nightly", ...schedule } });
    expectScheduleError(res, code, field);
    expect(await monitorCount(alice.orgSlug)).toBe(before);
  });

  it("accepts each macro and a valid period, storing the zone's canonical name", async () => {
    for (const macro of ["@hourly", "@daily", "@weekly", "@monthly", "@yearly", "@annually", "@midnight"]) {
      expect(
        (await call("POST", "/cron-monitors", { token: alice.access, body: monitorBody({ cron_expression: macro }) }))
          .status,
      ).toBe(201);
    }
    const period = await createMonitor(alice, {
      schedule_kind: "period",
      period_seconds: 7200,
      cron_expression: undefined,
    });
    expect(period).toMatchObject({
      schedule_kind: "period",
      period_seconds: 7200,
      cron_expression: null,
      schedule_human: "Every 2 hours",
    });
    const zoned = await createMonitor(alice, { cron_expression: "30 2 * * *", timezone: "america/new_york" });
    expect(zoned.timezone).toBe("America/New_York");
  });
});

describe("schedule errors on PATCH (spec 7.2)", () => {
  const PATCH_CASES: [string, Record<string, unknown>, string | null][] = [
    ["invalid_cron_syntax", { cron_expression: "* * *" }, "cron_expression"],
    ["invalid_cron_syntax", { cron_expression: "@reboot" }, "cron_expression"],
    ["unresolvable_schedule", { cron_expression: "0 0 30 2 *" }, "cron_expression"],
    ["unknown_timezone", { timezone: "Europe/Atlantis" }, "timezone"],
    ["unknown_timezone", { timezone: "UTC+2" }, "timezone"],
    ["invalid_field_type", { cron_expression: ["0 * * * *"] }, "cron_expression"],
    ["invalid_field_type", { schedule_kind: "period", period_seconds: "600" }, "period_seconds"],
    ["invalid_field_type", { timezone: 42 }, "timezone"],
    ["invalid_field_type", { schedule_kind: 1 }, "schedule_kind"],
    ["schedule_conflict", { period_seconds: 600 }, null],
    ["schedule_conflict", { cron_expression: null }, "cron_expression"],
    ["schedule_conflict", { schedule_kind: "period" }, "period_seconds"],
    ["schedule_conflict", { schedule_kind: "period", period_seconds: 600, cron_expression: "0 * * * *" }, null],
  ];

  it.each(PATCH_CASES)("answers %s for %j and changes nothing", async (code, patch, field) => {
    const monitor = await createMonitor(alice, { cron_expression: "15 4 * * *", timezone: "Europe/Berlin" });
    const res = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: alice.access,
      body: { name: "renamed", ...patch },
    });
    expectScheduleError(res, code, field);
    const after = await call("GET", `/cron-monitors/${monitor.id}`, { token: alice.access });
    expect(after.body.data).toMatchObject({
      name: monitor.name,
      cron_expression: "15 4 * * *",
      timezone: "Europe/Berlin",
      schedule_kind: "cron",
    });
  });

  it("switches kinds when the body brings the new kind's field, dropping the old one", async () => {
    const monitor = await createMonitor(alice, { cron_expression: "15 4 * * *" });
    const toPeriod = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: alice.access,
      body: { schedule_kind: "period", period_seconds: 900 },
    });
    expect(toPeriod.status).toBe(200);
    expect(toPeriod.body.data).toMatchObject({
      schedule_kind: "period",
      period_seconds: 900,
      cron_expression: null,
      schedule_human: "Every 15 minutes",
    });
    const toCron = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: alice.access,
      body: { schedule_kind: "cron", cron_expression: "@daily" },
    });
    expect(toCron.body.data).toMatchObject({ schedule_kind: "cron", period_seconds: null, cron_expression: "@daily" });
    const zoneOnly = await call("PATCH", `/cron-monitors/${monitor.id}`, {
      token: alice.access,
      body: { timezone: "Asia/Tokyo" },
    });
    expect(zoneOnly.body.data).toMatchObject({ cron_expression: "@daily", timezone: "Asia/Tokyo" });
  });
});

describe("GET /cron-monitors/schedule-preview", () => {
  const preview = (query: string, token = alice.access) =>
    call("GET", `/cron-monitors/schedule-preview?${query}`, { token });

  it("shows the spring-forward day at the first real minute, with the zone's offset", async () => {
    // 2027-03-14: New York jumps from 02:00 EST to 03:00 EDT, so 02:30 does not exist that day and
    // the job runs at 03:00 EDT (Vixie cron); from the next day 02:30 EDT (-04:00) again.
    const res = await preview(`cron=${encodeURIComponent("30 2 * * *")}&tz=America/New_York&from=2027-03-13T12:00:00Z`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      text: expect.any(String),
      next: [
        "2027-03-14T03:00:00-04:00",
        "2027-03-15T02:30:00-04:00",
        "2027-03-16T02:30:00-04:00",
        "2027-03-17T02:30:00-04:00",
        "2027-03-18T02:30:00-04:00",
      ],
    });
    expect(res.body.text).toContain("02:30");
  });

  it("shows the times before a spring-forward in the old offset", async () => {
    const res = await preview(`cron=${encodeURIComponent("0 12 * * *")}&tz=America/New_York&from=2027-03-12T00:00:00Z`);
    expect(res.body.next.slice(0, 3)).toEqual([
      "2027-03-12T12:00:00-05:00",
      "2027-03-13T12:00:00-05:00",
      "2027-03-14T12:00:00-04:00",
    ]);
  });

  it("defaults to UTC, and to times strictly after now", async () => {
    const before = Date.now();
    const res = await preview(`cron=${encodeURIComponent("* * * * *")}`);
    expect(res.status).toBe(200);
    expect(res.body.next).toHaveLength(5);
    for (const t of res.body.next) expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+00:00$/);
    expect(Date.parse(res.body.next[0])).toBeGreaterThan(before - 1000);
    expect(Date.parse(res.body.next[1]) - Date.parse(res.body.next[0])).toBe(60_000);
    const exact = await preview(`cron=${encodeURIComponent("0 * * * *")}&from=2027-01-01T10:00:00Z`);
    expect(exact.body.next[0]).toBe("2027-01-01T11:00:00+00:00");
  });

  it("previews a period schedule armed at `from`", async () => {
    const res = await preview("period=7200&from=2027-01-01T10:15:00Z");
    expect(res.body).toEqual({
      text: "Every 2 hours",
      next: [
        "2027-01-01T12:15:00+00:00",
        "2027-01-01T14:15:00+00:00",
        "2027-01-01T16:15:00+00:00",
        "2027-01-01T18:15:00+00:00",
        "2027-01-01T20:15:00+00:00",
      ],
    });
    const zoned = await preview("period=3600&tz=Asia/Kolkata&from=2027-01-01T10:00:00Z");
    expect(zoned.body.next[0]).toBe("2027-01-01T16:30:00+05:30");
  });

  const PREVIEW_CASES: [string, string, string | null][] = [
    ["invalid_cron_syntax", `cron=${encodeURIComponent("@reboot")}`, "cron"],
    ["invalid_cron_syntax", `cron=${encodeURIComponent("TZ=UTC 0 * * * *")}`, "cron"],
    ["invalid_cron_syntax", `cron=${encodeURIComponent("0 0 L * *")}`, "cron"],
    ["unresolvable_schedule", `cron=${encodeURIComponent("0 0 31 2 *")}`, "cron"],
    ["unknown_timezone", `cron=${encodeURIComponent("0 * * * *")}&tz=Mars/Olympus_Mons`, "tz"],
    ["unknown_timezone", `cron=${encodeURIComponent("0 * * * *")}&tz=${encodeURIComponent("+05:00")}`, "tz"],
    ["unknown_timezone", "period=600&tz=Nowhere/Special", "tz"],
    ["invalid_field_type", "period=abc", "period"],
    ["invalid_field_type", "period=90.5", "period"],
    ["invalid_field_type", "period=30", "period"],
    ["schedule_conflict", `cron=${encodeURIComponent("0 * * * *")}&period=600`, null],
    ["schedule_conflict", "tz=UTC", "cron"],
  ];

  it.each(PREVIEW_CASES)("answers %s for ?%s naming the parameter", async (code, query, field) => {
    expectScheduleError(await preview(query), code, field);
  });

  it("refuses a `from` that is not an ISO 8601 instant with the standard body, and needs a credential", async () => {
    const res = await preview(`cron=${encodeURIComponent("0 * * * *")}&from=yesterday`);
    expectStandardError(res, 400, "VALIDATION_ERROR");
    expect(Object.keys(res.body.error.details)).toEqual(["from"]);
    expectStandardError(await call("GET", "/cron-monitors/schedule-preview?cron=@daily"), 401, "UNAUTHORIZED");
  });
});
