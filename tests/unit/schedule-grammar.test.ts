import { describe, it, expect } from "vitest";
import { ScheduleError, validateCronExpression, type ScheduleErrorCode } from "../../src/shared/schedule";

function errorOf(expr: string, field?: string): ScheduleError {
  try {
    validateCronExpression(expr, field);
  } catch (error) {
    if (error instanceof ScheduleError) return error;
    throw error;
  }
  throw new Error(`expected '${expr}' to be rejected`);
}

function expectRejected(expr: string, code: ScheduleErrorCode, message?: string | RegExp) {
  const error = errorOf(expr);
  expect(error.code, `code for '${expr}'`).toBe(code);
  if (message !== undefined) expect(error.message).toMatch(message);
}

describe("validateCronExpression accepts Vixie/Debian crontab syntax", () => {
  it.each([
    "* * * * *",
    "*/15 * * * *",
    "0 9 * * 1-5",
    "0 9 * * mon-fri",
    "0 9 * * MON-FRI",
    "0 0 1 jan,jul *",
    "0 0 1 Jan-Mar *",
    "0,15,30,45 * * * *",
    "1-20/2 * * * *",
    "5/15 * * * *",
    "0 0 * * 0",
    "0 0 * * 7",
    "0 0 * * 5-7",
    "0 0 * * sun",
    "59 23 31 12 *",
    "0 0 29 2 *",
    "0 0 31 1,3 *",
    "  0 \t 9   *  *\t*  ",
    "*/90 * * * *",
    "@hourly",
    "@daily",
    "@midnight",
    "@weekly",
    "@monthly",
    "@yearly",
    "@annually",
  ])("accepts %j", (expr) => {
    expect(() => validateCronExpression(expr)).not.toThrow();
  });
});

describe("validateCronExpression rejects unsupported syntax as invalid_cron_syntax", () => {
  it.each([
    ["", /empty/],
    ["   ", /empty/],
    ["@reboot", /@reboot is not supported/],
    ["@minutely", /unknown macro @minutely/],
    ["@weekdays", /unknown macro @weekdays/],
    ["@DAILY", /macros are lowercase/],
    ["@daily 0", /must be the whole expression/],
    ["0 * * * * *", /got 6; seconds and year fields are not supported/],
    ["0 0 * * * * 2027", /got 7/],
    ["*", /got 1/],
    ["* *", /got 2/],
    ["* * *", /got 3/],
    ["* * * *", /got 4/],
    ["0 0 L * *", /day-of-month field: 'L': 'L' \(last day\) is not supported/],
    ["0 0 15W * *", /'W' \(nearest weekday\) is not supported/],
    ["0 0 * * 5L", /'L' \(last day\) is not supported/],
    ["0 0 * * 1#2", /day-of-week field: '#' \(nth weekday\) is not supported/],
    ["0 0 ? * 1", /'\?' is not supported/],
    ["H * * * *", /minute field: 'H': 'H' \(hashed value\) is not supported/],
    ["H(0-29) * * * *", /'H' \(hashed value\) is not supported/],
    ["60 * * * *", "minute field: 60 is out of range 0-59"],
    ["0 24 * * *", "hour field: 24 is out of range 0-23"],
    ["0 0 0 * *", "day-of-month field: 0 is out of range 1-31"],
    ["0 0 32 * *", "day-of-month field: 32 is out of range 1-31"],
    ["0 0 1 0 *", "month field: 0 is out of range 1-12"],
    ["0 0 1 13 *", "month field: 13 is out of range 1-12"],
    ["0 0 * * 8", "day-of-week field: 8 is out of range 0-7"],
    ["5-1 * * * *", "minute field: range 5-1 is reversed"],
    ["0 0 * * fri-mon", "day-of-week field: range fri-mon is reversed"],
    ["*/0 * * * *", "minute field: step must be at least 1"],
    ["1-10/0 * * * *", "minute field: step must be at least 1"],
    ["*/x * * * *", /step 'x' is not a number/],
    ["1,,2 * * * *", /empty list item/],
    ["1- * * * *", /missing value/],
    ["0 0 * jan-foo *", /month field: invalid value 'foo'/],
    ["0 0 * * monday", /day-of-week field: invalid value 'monday'/],
    ["jan * * * *", /minute field: invalid value 'jan'/],
    ["1.5 * * * *", /invalid value '1.5'/],
    ["CRON_TZ=UTC 0 * * * *", /CRON_TZ= prefix is not supported/],
    ["TZ=Europe/Berlin 0 * * * *", /TZ= prefix is not supported/],
  ] as const)("rejects %j", (expr, message) => {
    expectRejected(expr, "invalid_cron_syntax", message);
  });

  it("tags the error with the monitor field name by default and with a given field otherwise", () => {
    expect(errorOf("60 * * * *").field).toBe("cron_expression");
    expect(errorOf("60 * * * *", "cron").field).toBe("cron");
  });
});

describe("validateCronExpression rejects expressions that can never fire as unresolvable_schedule", () => {
  it.each(["0 0 31 2 *", "0 0 30 2 *", "0 0 30,31 feb *", "0 0 31 4,6,9,11 *", "0 0 31 4 *", "0 0 31 jun *"])(
    "rejects %j",
    (expr) => {
      const error = errorOf(expr);
      expect(error.code).toBe("unresolvable_schedule");
      expect(error.field).toBe("cron_expression");
      expect(error.message).toMatch(/never fires/);
    },
  );

  it("rejects an impossible date even when the weekday field is a '*' pattern (AND semantics)", () => {
    // "*/2" starts with "*", so day-of-month AND day-of-week must both match; Feb 31 never exists.
    expect(errorOf("0 0 31 2 */2").code).toBe("unresolvable_schedule");
  });

  it("accepts the leap day and impossible dates rescued by a restricted weekday (OR semantics)", () => {
    expect(() => validateCronExpression("0 0 29 2 *")).not.toThrow();
    expect(() => validateCronExpression("0 0 31 2 1")).not.toThrow(); // every Monday in February
    expect(() => validateCronExpression("0 0 30,31 2,4 *")).not.toThrow(); // April 30 exists
  });

  it("decides analytically, without searching through time", () => {
    const start = performance.now();
    for (let i = 0; i < 200; i++) errorOf("0 0 31 4,6,9,11 *");
    expect(performance.now() - start).toBeLessThan(200);
  });
});
