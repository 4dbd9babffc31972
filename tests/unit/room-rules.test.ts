import { describe, expect, it } from "vitest";
import { checkRules } from "../../src/server/checks/rules";
import type { HoldRule } from "../../src/server/domain/incidents";
import type { RunningRunRow } from "../../src/server/domain/sweep-plan";
import { sweepRules } from "../../src/server/sweep/rules";

// What the sweep and check rooms give their stores: the domain's rules bound together, no database.
const running = (over: Partial<RunningRunRow>): RunningRunRow => ({
  run_id: 1,
  rid: "r-1",
  started_at: "2027-01-01T10:00:00.000Z",
  id: 7,
  org_id: 3,
  grace_seconds: 300,
  max_runtime_seconds: 600,
  snoozed_until: null,
  maintenance_until: null,
  ...over,
});

describe("the sweep room's rules", () => {
  it("says a run overran only past its limit, and gives the limit it passed (grace when no max runtime)", () => {
    const rules = sweepRules();
    expect(rules.overrunLimit(running({}), new Date("2027-01-01T10:10:00.000Z"))).toBeNull();
    expect(rules.overrunLimit(running({}), new Date("2027-01-01T10:10:00.001Z"))).toBe(600);
    expect(rules.overrunLimit(running({ max_runtime_seconds: null }), new Date("2027-01-01T10:05:01Z"))).toBe(300);
  });

  it("binds the check results' retention into the raw-results cutoff, and never past what is rolled up", () => {
    const now = Date.parse("2027-01-20T12:00:00Z");
    const through = Date.parse("2027-01-20T11:00:00Z");
    expect(sweepRules({ checkResultRetentionDays: 3 }).rollups.rawDeleteCutoff(now, through)).toBe(
      now - 3 * 86_400_000,
    );
    expect(sweepRules().rollups.rawDeleteCutoff(now, through)).toBe(now - 14 * 86_400_000);
    expect(sweepRules({ checkResultRetentionDays: 3 }).rollups.rawDeleteCutoff(now, null)).toBeNull();
  });

  it("holds a missed ping's notification by a rule it is given, and by none otherwise", () => {
    const holdAll: HoldRule = () => "hold";
    const missed = { first: new Date("2027-01-01T10:00:00Z"), count: 1, skipped: false };
    const at = new Date("2027-01-01T10:06:00Z");
    expect(sweepRules().incidents.afterMissedPings({ id: 1, orgId: 2 }, missed, at).open).toMatchObject({
      kind: "missed",
      notify: true,
      held: false,
    });
    expect(
      sweepRules({ notificationRules: [holdAll] }).incidents.afterMissedPings({ id: 1, orgId: 2 }, missed, at).open,
    ).toMatchObject({ kind: "missed", notify: false, held: true });
  });
});

describe("the check room's rules", () => {
  it("leases a check for its timeout and a margin, and leaves results under maintenance out of uptime", () => {
    const rules = checkRules();
    expect(rules.leaseSeconds("http", { url: "http://127.0.0.1/", timeout: 5 })).toBe(20);
    const now = new Date("2027-01-01T10:00:00Z");
    expect(rules.inMaintenance(new Date("2027-01-01T10:00:01Z"), now)).toBe(true);
    expect(rules.inMaintenance(now, now)).toBe(false);
    expect(rules.inMaintenance(null, now)).toBe(false);
  });

  it("holds a service's opening by a rule it is given", () => {
    const change = { previous: "operational", status: "down", reason: "timeout" };
    const now = new Date("2027-01-01T10:00:00Z");
    const service = { id: 4, orgId: 2 };
    expect(checkRules().incidents.afterServiceStatus(service, change, now).open?.notify).toBe(true);
    expect(checkRules([() => "hold"]).incidents.afterServiceStatus(service, change, now).open?.notify).toBe(false);
  });
});
