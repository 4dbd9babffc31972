import { describe, expect, it } from "vitest";
import {
  afterHoldEnds,
  afterMissedPings,
  afterOverrun,
  afterRunEvent,
  afterServiceStatus,
  missedReason,
  NO_HOLD_RULES,
  notifies,
  serviceIncidentChange,
  snoozeShown,
  type HoldRule,
  type IncidentNotice,
  type IncidentSubject,
} from "../../src/server/domain/incidents";

const now = new Date("2027-03-01T12:00:00Z");
const monitor = { id: 7, orgId: 3, folded: false, driftAlerts: true };
const completion = (c: "success" | "fail" | null, over: { duplicate?: boolean; drifted?: boolean } = {}) => ({
  completion: c,
  duplicate: over.duplicate ?? false,
  drifted: over.drifted ?? false,
});
/** Holds every notification of one subject; records what it was asked. */
function holding(type: IncidentSubject["type"], id: number) {
  const asked: { subject: IncidentSubject; notice: IncidentNotice; now: Date }[] = [];
  const rule: HoldRule = (subject, notice, at) => {
    asked.push({ subject, notice, now: at });
    return subject.type === type && subject.id === id ? "hold" : "notify";
  };
  return { rule, asked };
}

describe("a cron monitor's run events", () => {
  it("open a notified `failed` incident on a failure", () => {
    expect(afterRunEvent(monitor, completion("fail"), NO_HOLD_RULES, now)).toEqual({
      resolve: null,
      open: { kind: "failed", reason: "The job reported a failure", notify: true, held: false, parentIncidentId: null },
      drifted: false,
    });
  });

  it("resolve the open incident with a notification on a success, and alert a drifted success when asked to", () => {
    expect(afterRunEvent(monitor, completion("success", { drifted: true }), NO_HOLD_RULES, now)).toEqual({
      resolve: { notify: true, held: false },
      open: null,
      drifted: true,
    });
    expect(
      afterRunEvent({ ...monitor, driftAlerts: false }, completion("success", { drifted: true }), NO_HOLD_RULES, now)
        .drifted,
    ).toBe(false);
  });

  it("open nothing and alert nothing while the monitor is folded, but still resolve on a success", () => {
    const folded = { ...monitor, folded: true };
    expect(afterRunEvent(folded, completion("fail"), NO_HOLD_RULES, now)).toEqual({
      resolve: null,
      open: null,
      drifted: false,
    });
    expect(afterRunEvent(folded, completion("success", { drifted: true }), NO_HOLD_RULES, now)).toEqual({
      resolve: { notify: true, held: false },
      open: null,
      drifted: false,
    });
  });

  it("do nothing for a start, a log, or a repeat of an event already recorded", () => {
    const nothing = { resolve: null, open: null, drifted: false };
    expect(afterRunEvent(monitor, completion(null), NO_HOLD_RULES, now)).toEqual(nothing);
    expect(afterRunEvent(monitor, completion("fail", { duplicate: true }), NO_HOLD_RULES, now)).toEqual(nothing);
    expect(
      afterRunEvent(monitor, completion("success", { duplicate: true, drifted: true }), NO_HOLD_RULES, now),
    ).toEqual(nothing);
  });
});

describe("a sweep's findings", () => {
  it("open a notified `missed` incident naming the first missed fire time and how many were missed", () => {
    const plan = afterMissedPings(
      { id: 7, orgId: 3 },
      { first: new Date("2027-03-01T10:00:00Z"), count: 3, skipped: false },
      NO_HOLD_RULES,
      now,
    );
    expect(plan).toEqual({
      resolve: null,
      open: {
        kind: "missed",
        reason:
          "No ping arrived within the grace period after the expected time 2027-03-01T10:00:00Z (3 expected pings missed)",
        notify: true,
        held: false,
        parentIncidentId: null,
      },
      drifted: false,
    });
    expect(missedReason(new Date("2027-01-10T10:00:00Z"), 10, true)).toContain("(more than 10 expected pings missed)");
  });

  it("open a notified `max_runtime` incident naming the run and its limit", () => {
    expect(afterOverrun({ id: 7, orgId: 3 }, { rid: "nightly-1", limitSeconds: 600 }, NO_HOLD_RULES, now).open).toEqual(
      {
        kind: "max_runtime",
        reason: "Run nightly-1 has been running for longer than its 600 s limit",
        notify: true,
        held: false,
        parentIncidentId: null,
      },
    );
  });
});

describe("a service's status changes", () => {
  it("open an incident on entering down, with the failing check's reason (or `down`), and resolve it on leaving down", () => {
    expect(serviceIncidentChange("operational", "down")).toBe("open");
    expect(serviceIncidentChange("down", "paused")).toBe("resolve");
    expect(serviceIncidentChange("down", "down")).toBeNull();
    expect(serviceIncidentChange("degraded", "operational")).toBeNull();
    const service = { id: 4, orgId: 3 };
    expect(
      afterServiceStatus(
        service,
        { previous: "operational", status: "down", reason: "connection refused" },
        NO_HOLD_RULES,
        now,
      ).open,
    ).toEqual({
      kind: "service_down",
      reason: "connection refused",
      notify: true,
      held: false,
      parentIncidentId: null,
    });
    expect(
      afterServiceStatus(service, { previous: "pending", status: "down", reason: null }, NO_HOLD_RULES, now).open
        ?.reason,
    ).toBe("down");
    expect(
      afterServiceStatus(service, { previous: "down", status: "operational", reason: null }, NO_HOLD_RULES, now),
    ).toEqual({
      resolve: { notify: true, held: false },
      open: null,
      drifted: false,
    });
    expect(
      afterServiceStatus(service, { previous: "degraded", status: "operational", reason: null }, NO_HOLD_RULES, now),
    ).toEqual({
      resolve: null,
      open: null,
      drifted: false,
    });
  });

  it("record the incident of a service without an organization but notify nobody", () => {
    const plan = afterServiceStatus(
      { id: 4, orgId: null },
      { previous: "operational", status: "down", reason: "timeout after 5 s" },
      NO_HOLD_RULES,
      now,
    );
    expect(plan.open).toEqual({
      kind: "service_down",
      reason: "timeout after 5 s",
      notify: false,
      held: false,
      parentIncidentId: null,
    });
  });
});

describe("a service's resolution under a rule", () => {
  it("holds the resolution of a service with an organization, and neither notifies nor holds one without", () => {
    const down = { previous: "down", status: "pending", reason: null };
    const until = new Date(now.getTime() + 60_000);
    expect(afterServiceStatus({ id: 4, orgId: 3, snoozedUntil: until }, down, NO_HOLD_RULES, now).resolve).toEqual({
      notify: false,
      held: true,
    });
    expect(afterServiceStatus({ id: 4, orgId: null }, down, NO_HOLD_RULES, now).resolve).toEqual({
      notify: false,
      held: false,
    });
  });
});

describe("a hold rule", () => {
  it("holds the notifications of the subject it names, on every path, and keeps the incident", () => {
    const { rule } = holding("cron_monitor", 7);
    const rules = [rule];
    expect(afterRunEvent(monitor, completion("fail"), rules, now).open).toEqual({
      kind: "failed",
      reason: "The job reported a failure",
      notify: false,
      held: true,
      parentIncidentId: null,
    });
    expect(afterRunEvent(monitor, completion("success", { drifted: true }), rules, now)).toEqual({
      resolve: { notify: false, held: true },
      open: null,
      drifted: false,
    });
    expect(
      afterMissedPings({ id: 7, orgId: 3 }, { first: now, count: 1, skipped: false }, rules, now).open?.notify,
    ).toBe(false);
    expect(afterOverrun({ id: 7, orgId: 3 }, { rid: "r", limitSeconds: 60 }, rules, now).open?.notify).toBe(false);
  });

  it("leaves other subjects notified: a service with the same id as the held monitor, another monitor", () => {
    const { rule } = holding("cron_monitor", 7);
    expect(
      afterServiceStatus({ id: 7, orgId: 3 }, { previous: "operational", status: "down", reason: "x" }, [rule], now)
        .open?.notify,
    ).toBe(true);
    expect(afterRunEvent({ ...monitor, id: 8 }, completion("fail"), [rule], now).open?.notify).toBe(true);
  });

  it("is asked with the subject, the notification and the instant", () => {
    const { rule, asked } = holding("service", 4);
    afterServiceStatus(
      { id: 4, orgId: 3 },
      { previous: "operational", status: "down", reason: "connection refused" },
      [rule],
      now,
    );
    expect(asked).toEqual([
      {
        subject: { type: "service", id: 4, orgId: 3 },
        notice: { event: "incident.opened", kind: "service_down", reason: "connection refused" },
        now,
      },
    ]);
  });

  it("holds when any one of several rules holds", () => {
    const notifyAll: HoldRule = () => "notify";
    const holdResolutions: HoldRule = (_s, notice) => (notice.event === "incident.resolved" ? "hold" : "notify");
    const subject: IncidentSubject = { type: "cron_monitor", id: 1, orgId: 1 };
    expect(notifies([notifyAll, holdResolutions], subject, { event: "incident.resolved" }, now)).toBe(false);
    expect(notifies([notifyAll, holdResolutions], subject, { event: "run.drifted" }, now)).toBe(true);
  });
});

describe("a snooze", () => {
  const until = new Date(now.getTime() + 3600_000);
  const snoozed = { ...monitor, snoozedUntil: until };

  it("holds every notification until it ends, with no rule given, and stores the opened incident held", () => {
    expect(afterRunEvent(snoozed, completion("fail"), NO_HOLD_RULES, now).open).toEqual({
      kind: "failed",
      reason: "The job reported a failure",
      notify: false,
      held: true,
      parentIncidentId: null,
    });
    expect(afterRunEvent(snoozed, completion("success", { drifted: true }), NO_HOLD_RULES, now)).toEqual({
      resolve: { notify: false, held: true },
      open: null,
      drifted: false,
    });
    expect(afterMissedPings(snoozed, { first: now, count: 1, skipped: false }, NO_HOLD_RULES, now).open?.held).toBe(
      true,
    );
    expect(
      afterServiceStatus(
        { id: 4, orgId: 3, snoozedUntil: until },
        { previous: "operational", status: "down", reason: "x" },
        NO_HOLD_RULES,
        now,
      ).open?.notify,
    ).toBe(false);
  });

  it("notifies again from its end on: the held incident is released then, not a millisecond before", () => {
    const subject: IncidentSubject = { type: "cron_monitor", id: 7, orgId: 3, snoozedUntil: until };
    const incident = { kind: "missed" as const, reason: "No ping" };
    expect(afterHoldEnds(subject, incident, NO_HOLD_RULES, new Date(until.getTime() - 1))).toBe(false);
    expect(afterHoldEnds(subject, incident, NO_HOLD_RULES, until)).toBe(true);
    expect(afterRunEvent(snoozed, completion("fail"), NO_HOLD_RULES, until).open?.notify).toBe(true);
  });

  it("is still held when its own end has passed but another rule holds the subject", () => {
    const { rule } = holding("cron_monitor", 7);
    expect(
      afterHoldEnds(
        { type: "cron_monitor", id: 7, orgId: 3, snoozedUntil: null },
        { kind: "failed", reason: "x" },
        [rule],
        now,
      ),
    ).toBe(false);
  });

  it("is shown while it lasts and as null once it ended", () => {
    expect(snoozeShown(until, now)).toEqual(until);
    expect(snoozeShown(until, until)).toBeNull();
    expect(snoozeShown(null, now)).toBeNull();
  });
});

describe("a maintenance window running over the object", () => {
  const until = new Date(now.getTime() + 3_600_000);
  it("opens the incident held and notifies nothing while it runs", () => {
    expect(
      afterMissedPings(
        { id: 7, orgId: 3, maintenanceUntil: until },
        { first: now, count: 1, skipped: false },
        NO_HOLD_RULES,
        now,
      ).open,
    ).toMatchObject({ kind: "missed", notify: false, held: true });
    expect(
      afterRunEvent(
        { ...monitor, maintenanceUntil: until },
        completion("success", { drifted: true }),
        NO_HOLD_RULES,
        now,
      ),
    ).toEqual({ resolve: { notify: false, held: true }, open: null, drifted: false });
    expect(
      afterServiceStatus(
        { id: 2, orgId: 3, maintenanceUntil: until },
        { previous: "up", status: "down", reason: "timeout" },
        NO_HOLD_RULES,
        now,
      ).open,
    ).toMatchObject({ notify: false, held: true });
  });

  it("lets the held incident be announced from the instant its run ends, not before", () => {
    const subject: IncidentSubject = { type: "cron_monitor", id: 7, orgId: 3, maintenanceUntil: until };
    const incident = { kind: "missed" as const, reason: "r" };
    expect(afterHoldEnds(subject, incident, NO_HOLD_RULES, new Date(until.getTime() - 1))).toBe(false);
    expect(afterHoldEnds(subject, incident, NO_HOLD_RULES, until)).toBe(true);
  });

  it("holds nothing once its run has ended", () => {
    const ended = new Date(now.getTime() - 1);
    expect(
      afterMissedPings(
        { id: 7, orgId: 3, maintenanceUntil: ended },
        { first: now, count: 1, skipped: false },
        NO_HOLD_RULES,
        now,
      ).open,
    ).toMatchObject({ notify: true, held: false });
  });
});

describe("a parent that is down (depends_on)", () => {
  const underParent = { ...monitor, parentIncidentId: 41 };

  it("opens the child's incident linked to the parent's, held, on every path", () => {
    expect(afterRunEvent(underParent, completion("fail"), NO_HOLD_RULES, now).open).toEqual({
      kind: "failed",
      reason: "The job reported a failure",
      notify: false,
      held: true,
      parentIncidentId: 41,
    });
    expect(
      afterMissedPings(
        { id: 7, orgId: 3, parentIncidentId: 41 },
        { first: now, count: 1, skipped: false },
        NO_HOLD_RULES,
        now,
      ).open,
    ).toMatchObject({ notify: false, held: true, parentIncidentId: 41 });
    expect(
      afterOverrun({ id: 7, orgId: 3, parentIncidentId: 41 }, { rid: "r", limitSeconds: 60 }, NO_HOLD_RULES, now).open,
    ).toMatchObject({ notify: false, held: true, parentIncidentId: 41 });
    expect(
      afterServiceStatus(
        { id: 2, orgId: 3, parentIncidentId: 41 },
        { previous: "operational", status: "down", reason: "timeout" },
        NO_HOLD_RULES,
        now,
      ).open,
    ).toMatchObject({ notify: false, held: true, parentIncidentId: 41 });
  });

  it("holds only openings: a resolution and a drift alert of the child still go out", () => {
    expect(afterRunEvent(underParent, completion("success", { drifted: true }), NO_HOLD_RULES, now)).toEqual({
      resolve: { notify: true, held: false },
      open: null,
      drifted: true,
    });
  });

  it("releases the held opening once no parent is down, and keeps it held while one still is", () => {
    const incident = { kind: "missed" as const, reason: "No ping" };
    expect(
      afterHoldEnds({ type: "cron_monitor", id: 7, orgId: 3, parentIncidentId: 41 }, incident, NO_HOLD_RULES, now),
    ).toBe(false);
    expect(
      afterHoldEnds({ type: "cron_monitor", id: 7, orgId: 3, parentIncidentId: null }, incident, NO_HOLD_RULES, now),
    ).toBe(true);
    // A snooze of the child still holds it after the parent recovered.
    expect(
      afterHoldEnds(
        { type: "cron_monitor", id: 7, orgId: 3, parentIncidentId: null, snoozedUntil: new Date(now.getTime() + 1000) },
        incident,
        NO_HOLD_RULES,
        now,
      ),
    ).toBe(false);
  });

  it("links nothing and holds nothing while every parent is up", () => {
    expect(afterRunEvent({ ...monitor, parentIncidentId: null }, completion("fail"), NO_HOLD_RULES, now).open).toEqual({
      kind: "failed",
      reason: "The job reported a failure",
      notify: true,
      held: false,
      parentIncidentId: null,
    });
  });
});
