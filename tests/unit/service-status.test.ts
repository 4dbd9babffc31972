import { describe, expect, it } from "vitest";
import { currentSlot, dueAtOf, laneAfterResult, nextDueAt, resultRefusal } from "../../src/server/domain/check-slots";
import {
  decideStatus,
  nextFailureRun,
  reasonBeside,
  refusedByOutboundSetting,
  type ProbeLatest,
  type StatusInput,
} from "../../src/server/domain/service-status";
import { addressRefusal, literalTargetRefusal } from "../../src/server/outbound/guard";

const now = new Date("2026-11-23T10:00:00Z");
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const up = (probeId = 1, ms = 100): ProbeLatest => ({
  probeId,
  outcome: "up",
  responseTimeMs: ms,
  consecutiveFailures: 0,
  at: ago(5),
});
const down = (probeId = 1, run = 1): ProbeLatest => ({
  probeId,
  outcome: "down",
  responseTimeMs: 5,
  consecutiveFailures: run,
  at: ago(5),
});
const input = (over: Partial<StatusInput>): StatusInput => ({
  enabled: true,
  previous: "operational",
  intervalSeconds: 60,
  degradedMs: null,
  latest: [],
  ...over,
});

describe("a service's status", () => {
  it("is pending until the first result and operational after an up", () => {
    expect(decideStatus(input({ previous: "pending" }), now)).toEqual({ status: "pending", incident: null });
    expect(decideStatus(input({ previous: "pending", latest: [up()] }), now).status).toBe("operational");
  });

  it("does not go down on one failure: it asks for a confirming re-check soon", () => {
    expect(decideStatus(input({ latest: [down(1, 1)] }), now)).toEqual({ status: "operational", incident: null });
  });

  it("goes down on the second failure in a row and opens one incident", () => {
    expect(decideStatus(input({ latest: [down(1, 2)] }), now)).toEqual({ status: "down", incident: "open" });
    expect(decideStatus(input({ previous: "down", latest: [down(1, 3)] }), now).incident).toBeNull();
  });

  it("goes down at once when two probes agree", () => {
    expect(decideStatus(input({ latest: [down(1, 1), down(2, 1)] }), now)).toMatchObject({
      status: "down",
      incident: "open",
    });
  });

  it("is degraded when one of several probes fails, or when slower than degraded_ms", () => {
    expect(decideStatus(input({ latest: [down(1, 1), up(2)] }), now).status).toBe("degraded");
    expect(decideStatus(input({ degradedMs: 500, latest: [up(1, 800)] }), now).status).toBe("degraded");
    expect(decideStatus(input({ degradedMs: 500, latest: [up(1, 200)] }), now).status).toBe("operational");
  });

  it("resolves the incident when the service answers again", () => {
    expect(decideStatus(input({ previous: "down", latest: [up()] }), now)).toEqual({
      status: "operational",
      incident: "resolve",
    });
  });

  it("is paused while disabled whatever the results, which resolves an open incident", () => {
    expect(decideStatus(input({ enabled: false, latest: [down(1, 5)] }), now).status).toBe("paused");
    expect(decideStatus(input({ enabled: false, previous: "down", latest: [down(1, 5)] }), now).incident).toBe(
      "resolve",
    );
  });

  it("ignores results older than three intervals (a probe that stopped reporting)", () => {
    const stale = { ...down(2, 4), at: ago(600) };
    expect(decideStatus(input({ latest: [up(1), stale] }), now).status).toBe("operational");
  });

  it("counts failures in a row and restarts at an up", () => {
    expect(nextFailureRun(0, "down")).toBe(1);
    expect(nextFailureRun(1, "down")).toBe(2);
    expect(nextFailureRun(2, "up")).toBe(0);
  });
});

describe("check slots", () => {
  it("spreads services over the interval by id and gives each slot one due instant", () => {
    const a = currentSlot(7, 60, now);
    expect(a.dueAt.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(now.getTime() - a.dueAt.getTime()).toBeLessThan(60_000);
    expect(a.dueAt.getUTCSeconds()).toBe(7);
    expect(nextDueAt(7, 60, a.slot).getTime() - a.dueAt.getTime()).toBe(60_000);
    expect(dueAtOf(7, 60, a.slot + 2).getTime() - a.dueAt.getTime()).toBe(120_000);
  });
});

describe("laneAfterResult", () => {
  const now = new Date("2027-01-01T10:00:05.000Z");
  const service = { id: 7, intervalSeconds: 60, enabled: true };
  const lane = {
    slot: 4,
    dueAt: new Date("2027-01-01T10:00:07.000Z"),
    leasableAt: new Date("2027-01-01T10:00:30.000Z"),
    leasedBy: 3,
    consecutiveFailures: 0,
  };

  it("moves a scheduled up result to the service's next slot, unleased, failures reset", () => {
    const next = laneAfterResult(
      { ...lane, consecutiveFailures: 1 },
      { outcome: "up", scheduled: true },
      service,
      10,
      now,
    );
    expect(next).toEqual({
      slot: 5,
      dueAt: new Date("2027-01-01T10:00:07.000Z"),
      leasableAt: new Date("2027-01-01T10:00:07.000Z"),
      leasedBy: null,
      consecutiveFailures: 0,
      consecutiveSuccesses: 1,
    });
  });

  it("brings the confirming re-check forward after a first scheduled failure, and keeps the schedule after the second", () => {
    const first = laneAfterResult(lane, { outcome: "down", scheduled: true }, service, 10, now);
    expect(first).toMatchObject({
      slot: 5,
      dueAt: new Date("2027-01-01T10:00:15.000Z"),
      consecutiveFailures: 1,
      leasedBy: null,
    });
    const second = laneAfterResult(
      first,
      { outcome: "down", scheduled: true },
      service,
      10,
      new Date("2027-01-01T10:00:15.500Z"),
    );
    expect(second).toMatchObject({ slot: 6, dueAt: new Date("2027-01-01T10:01:07.000Z"), consecutiveFailures: 2 });
  });

  it("leaves the schedule of a leased lane alone for an off-schedule result, counting the failure", () => {
    expect(laneAfterResult(lane, { outcome: "down", scheduled: false }, service, 10, now)).toEqual({
      ...lane,
      consecutiveFailures: 1,
      consecutiveSuccesses: 0,
    });
  });

  it("brings an unleased lane's next check forward after an off-schedule first failure", () => {
    const idle = { ...lane, leasedBy: null, leasableAt: new Date("2027-01-01T10:00:50.000Z") };
    expect(laneAfterResult(idle, { outcome: "down", scheduled: false }, service, 10, now)).toMatchObject({
      slot: 4,
      leasableAt: new Date("2027-01-01T10:00:15.000Z"),
      consecutiveFailures: 1,
    });
  });

  it("makes no lane of a disabled service leasable", () => {
    expect(
      laneAfterResult(lane, { outcome: "up", scheduled: true }, { ...service, enabled: false }, 10, now).leasableAt,
    ).toBeNull();
  });
});

describe("resultRefusal", () => {
  it("records a result of the leased slot or off-schedule, and refuses an unknown lane or a slot no longer leased to the probe", () => {
    const lane = { slot: 12, leasedBy: 5 };
    expect(resultRefusal(lane, { slot: 12 }, 5)).toBeNull();
    expect(resultRefusal(lane, { slot: null }, 9)).toBeNull();
    expect(resultRefusal(undefined, { slot: null }, 5)).toBe("no such service lane");
    expect(resultRefusal(lane, { slot: 11 }, 5)).toMatch(/not leased to this probe/);
    expect(resultRefusal(lane, { slot: 12 }, 6)).toMatch(/not leased to this probe/);
  });
});

describe("the reason beside a service's status", () => {
  it("is shown beside degraded, down and pending, never beside operational or paused", () => {
    const why = "timeout after 10 s";
    expect(reasonBeside("down", why)).toBe(why);
    expect(reasonBeside("degraded", why)).toBe(why);
    expect(reasonBeside("pending", why)).toBe(why);
    for (const status of ["operational", "paused"] as const) expect(reasonBeside(status, why)).toBeNull();
    // An unconfirmed failure keeps the status it had, so its reason stays out of sight.
    expect(decideStatus(input({ latest: [down(1, 1)] }), now).status).toBe("operational");
  });

  it("marks a failure as the probe's own outbound setting only for the outbound guard's refusals", () => {
    const strict = { allowPrivate: false };
    expect(refusedByOutboundSetting(addressRefusal("10.0.0.7", strict))).toBe(true);
    expect(refusedByOutboundSetting(literalTargetRefusal("http://127.0.0.1:8080/", strict))).toBe(true);
    expect(refusedByOutboundSetting(literalTargetRefusal("http://localhost/", strict))).toBe(true);
    for (const reason of ["connection refused", "timeout after 5 s", "unexpected status 503", null])
      expect(refusedByOutboundSetting(reason)).toBe(false);
  });
});

describe("a service's failure and recovery thresholds", () => {
  const now = new Date("2027-01-01T10:00:00.000Z");
  const at = new Date(now.getTime() - 1000);
  const probe = (probeId: number, outcome: "up" | "down", inRow: number) => ({
    probeId,
    outcome,
    responseTimeMs: 100,
    consecutiveFailures: outcome === "down" ? inRow : 0,
    consecutiveSuccesses: outcome === "up" ? inRow : 0,
    at,
  });
  const input = (fields: Partial<Parameters<typeof decideStatus>[0]>) => ({
    enabled: true,
    previous: "operational" as const,
    intervalSeconds: 60,
    degradedMs: null,
    latest: [],
    ...fields,
  });

  it("goes down at exactly its failure threshold, not one failure before", () => {
    expect(decideStatus(input({ failureThreshold: 3, latest: [probe(1, "down", 2)] }), now).status).toBe("operational");
    expect(decideStatus(input({ failureThreshold: 3, latest: [probe(1, "down", 3)] }), now)).toEqual({
      status: "down",
      incident: "open",
    });
  });

  it("adds up failures across its probes", () => {
    const latest = [probe(1, "down", 2), probe(2, "down", 1)];
    expect(decideStatus(input({ failureThreshold: 3, latest }), now).status).toBe("down");
  });

  it("goes down on the first failure with a threshold of 1", () => {
    expect(decideStatus(input({ failureThreshold: 1, latest: [probe(1, "down", 1)] }), now).status).toBe("down");
  });

  it("stays down until a probe answers up its recovery threshold in a row", () => {
    const down = { previous: "down" as const, recoveryThreshold: 2 };
    expect(decideStatus(input({ ...down, latest: [probe(1, "up", 1)] }), now)).toEqual({
      status: "down",
      incident: null,
    });
    expect(decideStatus(input({ ...down, latest: [probe(1, "up", 2)] }), now)).toEqual({
      status: "operational",
      incident: "resolve",
    });
  });
});
