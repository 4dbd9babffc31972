import { describe, expect, it } from "vitest";
import {
  MAX_MISSED_PER_SWEEP,
  missedFireTimes,
  overdue,
  overran,
  retentionCutoff,
  runtimeLimitSeconds,
} from "../../src/server/domain/sweep-rules";
import { missedReason } from "../../src/server/domain/incidents";
import type { Schedule } from "../../src/shared/schedule";

const t = (iso: string) => new Date(iso);
const hourly: Schedule = { kind: "period", periodSeconds: 3600 };
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe("what a sweep does with an armed monitor (decisions 3)", () => {
  const m = { state: "up", expectedAt: t("2027-01-10T10:00:00Z"), graceSeconds: 300, schedule: hourly };

  it("leaves a monitor alone until its expected time has passed", () => {
    expect(overdue(m, t("2027-01-10T09:59:59Z"))).toEqual({ kind: "none" });
    expect(overdue(m, t("2027-01-10T10:00:00Z"))).toEqual({ kind: "none" });
  });

  it("makes an up or new monitor late after the expected time, through the whole grace period", () => {
    expect(overdue(m, t("2027-01-10T10:00:01Z"))).toEqual({ kind: "late" });
    expect(overdue(m, t("2027-01-10T10:05:00Z"))).toEqual({ kind: "late" });
    expect(overdue({ ...m, state: "new" }, t("2027-01-10T10:01:00Z"))).toEqual({ kind: "late" });
  });

  it("does not turn a late or down monitor back to late", () => {
    expect(overdue({ ...m, state: "late" }, t("2027-01-10T10:01:00Z"))).toEqual({ kind: "none" });
    expect(overdue({ ...m, state: "down" }, t("2027-01-10T10:01:00Z"))).toEqual({ kind: "none" });
  });

  it("goes down one second after the grace period, with the expected time as the missed fire time", () => {
    const d = overdue(m, t("2027-01-10T10:05:01Z"));
    expect(d.kind).toBe("down");
    if (d.kind !== "down") return;
    expect(iso(d.missed)).toEqual(["2027-01-10T10:00:00.000Z"]);
    expect(d.nextExpectedAt.toISOString()).toBe("2027-01-10T11:00:00.000Z");
    expect(d.skipped).toBe(false);
  });

  it("records every missed fire time of a period schedule, counted on from the expected time", () => {
    const r = missedFireTimes(hourly, t("2027-01-10T10:00:00Z"), 300, t("2027-01-10T13:30:00Z"));
    expect(iso(r.missed)).toEqual([
      "2027-01-10T10:00:00.000Z",
      "2027-01-10T11:00:00.000Z",
      "2027-01-10T12:00:00.000Z",
      "2027-01-10T13:00:00.000Z",
    ]);
    expect(r.nextExpectedAt.toISOString()).toBe("2027-01-10T14:00:00.000Z");
  });

  it("keeps a fire time whose grace is still running as the next expected time", () => {
    const r = missedFireTimes(hourly, t("2027-01-10T10:00:00Z"), 300, t("2027-01-10T11:03:00Z"));
    expect(iso(r.missed)).toEqual(["2027-01-10T10:00:00.000Z"]);
    expect(r.nextExpectedAt.toISOString()).toBe("2027-01-10T11:00:00.000Z");
  });

  it("records at most 10 missed runs per sweep and jumps the rest (period)", () => {
    const r = missedFireTimes(
      { kind: "period", periodSeconds: 60 },
      t("2027-01-10T10:00:00Z"),
      60,
      t("2027-01-10T12:00:00Z"),
    );
    expect(r.missed).toHaveLength(MAX_MISSED_PER_SWEEP);
    expect(r.missed[9]!.toISOString()).toBe("2027-01-10T10:09:00.000Z");
    expect(r.skipped).toBe(true);
    expect(r.nextExpectedAt.toISOString()).toBe("2027-01-10T11:59:00.000Z");
  });

  it("records at most 10 missed runs per sweep and jumps the rest (cron)", () => {
    const everyMinute: Schedule = { kind: "cron", expression: "* * * * *", timezone: "UTC" };
    const r = missedFireTimes(everyMinute, t("2027-01-10T10:00:00Z"), 60, t("2027-01-10T12:00:30Z"));
    expect(r.missed).toHaveLength(10);
    expect(r.skipped).toBe(true);
    expect(r.nextExpectedAt.toISOString()).toBe("2027-01-10T12:00:00.000Z");
  });

  it("follows a cron schedule in Europe/Berlin across the spring-forward change", () => {
    const nineInBerlin: Schedule = { kind: "cron", expression: "0 9 * * *", timezone: "Europe/Berlin" };
    // 2027-03-28 02:00 CET becomes 03:00 CEST: 09:00 is 08:00Z before and 07:00Z after.
    const r = missedFireTimes(nineInBerlin, t("2027-03-27T08:00:00Z"), 300, t("2027-03-29T07:10:00Z"));
    expect(iso(r.missed)).toEqual(["2027-03-27T08:00:00.000Z", "2027-03-28T07:00:00.000Z", "2027-03-29T07:00:00.000Z"]);
    expect(r.nextExpectedAt.toISOString()).toBe("2027-03-30T07:00:00.000Z");
  });

  it("follows a cron schedule in Europe/Berlin across the fall-back change", () => {
    const nineInBerlin: Schedule = { kind: "cron", expression: "0 9 * * *", timezone: "Europe/Berlin" };
    const r = missedFireTimes(nineInBerlin, t("2027-10-30T07:00:00Z"), 300, t("2027-10-31T08:06:00Z"));
    expect(iso(r.missed)).toEqual(["2027-10-30T07:00:00.000Z", "2027-10-31T08:00:00.000Z"]);
    expect(r.nextExpectedAt.toISOString()).toBe("2027-11-01T08:00:00.000Z");
  });

  it("names the first missed time and how many were missed", () => {
    expect(missedReason(t("2027-01-10T10:00:00Z"), 1, false)).toBe(
      "No ping arrived within the grace period after the expected time 2027-01-10T10:00:00Z",
    );
    expect(missedReason(t("2027-01-10T10:00:00Z"), 10, true)).toContain("(more than 10 expected pings missed)");
  });
});

describe("run time caps and retention", () => {
  it("caps a run at max_runtime_seconds, or at grace_seconds when that is null", () => {
    expect(runtimeLimitSeconds({ maxRuntimeSeconds: 120, graceSeconds: 300 })).toBe(120);
    expect(runtimeLimitSeconds({ maxRuntimeSeconds: null, graceSeconds: 300 })).toBe(300);
  });

  it("treats a run as overrunning only after the cap has fully passed", () => {
    expect(overran(t("2027-01-10T10:00:00Z"), 120, t("2027-01-10T10:02:00Z"))).toBe(false);
    expect(overran(t("2027-01-10T10:00:00Z"), 120, t("2027-01-10T10:02:01Z"))).toBe(true);
  });

  it("keeps 90 days", () => {
    expect(retentionCutoff(t("2027-04-10T00:00:00Z")).toISOString()).toBe("2027-01-10T00:00:00.000Z");
  });
});
