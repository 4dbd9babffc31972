import { maintainedAt } from "./maintenance";
import type { IncidentKind } from "../../shared/incident-kinds";
/**
 * The incident rules of cron monitors and services alike, pure: every instant is passed in. Each
 * path that can open or resolve an incident (a ping or reported event, a sweep's missed pings or
 * overrunning run, a probe result that flips a service) asks here what to do and gets an
 * `IncidentPlan`: whether to resolve the open incident, whether to open one (its kind and reason
 * text), and which notifications (outbox rows) to fan out. One executor writes every plan as it is
 * (storage/incident-executor.ts over storage/incident-statements.ts; the ping and sweep batches take
 * the same writes inside their statements, their values as parameters), so no rule is written in SQL.
 *
 * Notification rules plug in here and only here: a `HoldRule` sees the object, the notification
 * and the instant, and may hold the notification. A held notification writes no outbox row; the
 * incident itself is still recorded. The stores take the rules when they are built; the rules the
 * subject carries (`snoozed`, `inMaintenance`, `parentDown`) are always asked first.
 *
 * An incident opened with its `incident.opened` held is stored `held`. It is notified once, later,
 * by whoever first finds that no rule holds it any more while it is still open (`afterHoldEnds`: a
 * sweep, or the end of a snooze), with a compare-and-swap on `held`. An incident resolved while
 * still `held` was never announced, so its resolution notifies nobody either; an announced incident
 * whose resolution a rule holds is stored `resolution_held` (the plan's `resolve.held`) and its
 * `incident.resolved` is written, the same way, once the hold ends.
 */

export type { IncidentKind };

/** The object an incident is about. `orgId` null: a service of a user without an organization (never notified). */
export type IncidentSubject = {
  type: "cron_monitor" | "service";
  id: number;
  orgId: number | null;
  /** The end of the object's snooze (null or absent: not snoozed). */
  snoozedUntil?: Date | null;
  /**
   * The end of the maintenance window run covering the object at the instant of the event (the
   * stores read it beside the object: the latest end among its windows' runs that have started;
   * null or absent: none).
   */
  maintenanceUntil?: Date | null;
  /**
   * An open incident of one of the object's parents (`depends_on`) at the instant of the event (the
   * stores read it beside the object, storage/dependency-sql.ts; null or absent: every parent is up).
   */
  parentIncidentId?: number | null;
};

/** What the subject-carried rules need of an object (its snooze and maintenance ends, a parent's open incident). */
type Quiet = { snoozedUntil?: Date | null; maintenanceUntil?: Date | null; parentIncidentId?: number | null };

/** A notification an incident path may fan out, as a rule sees it. */
export type IncidentNotice =
  | { event: "incident.opened"; kind: IncidentKind; reason: string }
  | { event: "incident.resolved" }
  | { event: "run.drifted" };

/**
 * A rule that may hold a notification (a maintenance window, a snooze, a parent that is down).
 * Every rule is asked; one `hold` is enough to write no outbox row.
 */
export type HoldRule = (subject: IncidentSubject, notice: IncidentNotice, now: Date) => "notify" | "hold";

export type NotificationRules = readonly HoldRule[];

/** The rules a store runs with unless it is given others: every notification is sent. */
export const NO_HOLD_RULES: NotificationRules = [];

/** What one event does to its subject's incidents, and what it notifies. */
export type IncidentPlan = {
  /**
   * Resolve the subject's open incident; `notify`: one `incident.resolved` row per incident resolved
   * whose opening was announced; `held`: a rule held that resolution, so an announced incident is
   * stored `resolution_held` (notified when the hold ends). An incident still `held` (its opening
   * never went out) resolves without a word and without `resolution_held`, whatever these say.
   */
  resolve: { notify: boolean; held: boolean } | null;
  /**
   * Open an incident unless one is already open; `notify`: an `incident.opened` row when it opens;
   * `held`: a rule held that row, so the incident is stored `held` (notified when the hold ends).
   * For a cron monitor `held` is always `!notify` (it always has an organization). `parentIncidentId`:
   * the parent's open incident the new one is linked to (`parent_incident_id`), null when none.
   */
  open: { kind: IncidentKind; reason: string; notify: boolean; held: boolean; parentIncidentId: number | null } | null;
  /** Write a `run.drifted` row. */
  drifted: boolean;
};

export const NOTHING: IncidentPlan = Object.freeze({ resolve: null, open: null, drifted: false });

/** A snoozed object notifies nothing until its snooze ends (`snoozedUntil` is the first instant notified again). */
export const snoozed: HoldRule = (subject, _notice, now) =>
  subject.snoozedUntil && subject.snoozedUntil.getTime() > now.getTime() ? "hold" : "notify";

/** The snooze an object shows at `now`: its end while it lasts, else null. */
export function snoozeShown(snoozedUntil: Date | null, now: Date): Date | null {
  return snoozedUntil && snoozedUntil.getTime() > now.getTime() ? snoozedUntil : null;
}

/**
 * A maintenance window running over the object holds every notification until its run ends
 * (`maintenanceUntil` is the first instant notified again). An incident opening meanwhile is stored
 * `held` and announced at the end if still open (`afterHoldEnds`).
 */
export const inMaintenance: HoldRule = (subject, _notice, now) =>
  maintainedAt(subject.maintenanceUntil, now) ? "hold" : "notify";

/**
 * A parent that is down holds its children's openings: while one of the object's parents
 * (`depends_on`) has an open incident, the object's new incident opens linked to it and is stored
 * `held`. When no parent is down any more and the incident is still open, it is announced then
 * (`afterHoldEnds`); one that recovered meanwhile resolves without a word (its opening never went
 * out). Resolutions and drift alerts are not held by a parent: an incident announced before its
 * parent went down still says when it ends.
 */
export const parentDown: HoldRule = (subject, notice) =>
  notice.event === "incident.opened" && subject.parentIncidentId != null ? "hold" : "notify";

/** The rules every store asks first, whatever it was built with: the ones the subject carries. */
const SUBJECT_RULES: NotificationRules = [snoozed, inMaintenance, parentDown];

/** Whether a notification goes out: the subject can be notified and no rule (snooze and maintenance first) holds it. */
export function notifies(
  rules: NotificationRules,
  subject: IncidentSubject,
  notice: IncidentNotice,
  now: Date,
): boolean {
  if (subject.orgId === null) return false;
  return (
    SUBJECT_RULES.every((rule) => rule(subject, notice, now) !== "hold") &&
    rules.every((rule) => rule(subject, notice, now) !== "hold")
  );
}

/** The subject the rules see: the object with what its carried rules read (snooze, maintenance, a parent down). */
function subjectOf(type: IncidentSubject["type"], o: { id: number; orgId: number | null } & Quiet): IncidentSubject {
  return {
    type,
    id: o.id,
    orgId: o.orgId,
    snoozedUntil: o.snoozedUntil,
    maintenanceUntil: o.maintenanceUntil,
    parentIncidentId: o.parentIncidentId,
  };
}

function opening(
  rules: NotificationRules,
  subject: IncidentSubject,
  kind: IncidentKind,
  reason: string,
  now: Date,
): IncidentPlan["open"] {
  const notify = notifies(rules, subject, { event: "incident.opened", kind, reason }, now);
  return {
    kind,
    reason,
    notify,
    held: !notify && subject.orgId !== null,
    parentIncidentId: subject.parentIncidentId ?? null,
  };
}

/**
 * An open incident stored `held`: whether its `incident.opened` goes out now (no rule holds it any
 * more). The caller clears `held` with a compare-and-swap and writes the outbox row only if it won.
 */
export function afterHoldEnds(
  subject: IncidentSubject,
  incident: { kind: IncidentKind; reason: string },
  rules: NotificationRules,
  now: Date,
): boolean {
  return notifies(rules, subject, { event: "incident.opened", kind: incident.kind, reason: incident.reason }, now);
}

function resolving(rules: NotificationRules, subject: IncidentSubject, now: Date): IncidentPlan["resolve"] {
  const notify = notifies(rules, subject, { event: "incident.resolved" }, now);
  return { notify, held: !notify && subject.orgId !== null };
}

/** The reason of a `failed` incident. */
export const FAILED_REASON = "The job reported a failure";

/** The reasons of the run rules' incidents (domain/run-rules.ts chooses among them). */
export const consecutiveFailuresReason = (count: number) => `${count} consecutive failures`;
export const failureRateReason = (failed: number, window: number) =>
  `${Math.round((failed * 100) / window)}% of the last ${window} runs failed`;
export const tooShortReason = (durationMs: number, minSeconds: number) =>
  `The run took ${seconds(durationMs)} s, shorter than its ${minSeconds} s minimum`;
export const failureKeywordReason = (keyword: string) => `The run's log contains the failure keyword "${keyword}"`;
export const noSuccessKeywordReason = () => "The run's log contains none of its success keywords";
export const tooManyRunsReason = (count: number, max: number, periodSeconds: number) =>
  `${count} runs within ${periodSeconds} s, more than the ${max} allowed`;
export const tooFewRunsReason = (count: number, expected: number, periodSeconds: number) =>
  `${count} ${count === 1 ? "run" : "runs"} in the ${periodSeconds} s period that ended, ${expected} expected`;

const seconds = (ms: number) => String(Math.floor(ms / 100) / 10); // never rounded up to the minimum

/**
 * What the run rules (domain/run-rules.ts) made of an event: the incident a failure opens (null:
 * below its threshold) and whether a success resolves. Absent: a monitor without rules, where a
 * failure opens a `failed` incident and a success resolves.
 */
export type RunVerdict = { open: { kind: IncidentKind; reason: string } | null; resolve: boolean };

/**
 * A recorded run event of a cron monitor. A success resolves the open incident; a failure opens a
 * `failed` incident (or what the run rules' verdict says), and a drifted success alerts when the
 * monitor asks for drift alerts, both only while the monitor is not folded (paused or suspended:
 * alerting is off). A repeat of an event already recorded does nothing.
 */
export function afterRunEvent(
  monitor: { id: number; orgId: number; folded: boolean; driftAlerts: boolean } & Quiet,
  event: { completion: "success" | "fail" | null; duplicate: boolean; drifted: boolean; verdict?: RunVerdict },
  rules: NotificationRules,
  now: Date,
): IncidentPlan {
  if (event.duplicate) return NOTHING;
  const subject = subjectOf("cron_monitor", monitor);
  const alerting = !monitor.folded;
  const open =
    event.completion === "fail"
      ? event.verdict
        ? event.verdict.open
        : { kind: "failed" as const, reason: FAILED_REASON }
      : null;
  const resolves = event.completion === "success" && (event.verdict?.resolve ?? true);
  return {
    resolve: resolves ? resolving(rules, subject, now) : null,
    open: alerting && open ? opening(rules, subject, open.kind, open.reason, now) : null,
    drifted:
      alerting && event.drifted && monitor.driftAlerts && notifies(rules, subject, { event: "run.drifted" }, now),
  };
}

/**
 * A sweep found the monitor's expected pings missed (the first missed fire time, how many, more
 * skipped): a `missed` incident, or what the run rules' threshold says (`opens`, domain/run-rules.ts
 * `judgeMissed`; absent: no rules).
 */
export function afterMissedPings(
  monitor: { id: number; orgId: number } & Quiet,
  missed: { first: Date; count: number; skipped: boolean; opens?: RunVerdict["open"] },
  rules: NotificationRules,
  now: Date,
): IncidentPlan {
  const subject = subjectOf("cron_monitor", monitor);
  const open =
    missed.opens === undefined
      ? { kind: "missed" as const, reason: missedReason(missed.first, missed.count, missed.skipped) }
      : missed.opens;
  return { resolve: null, open: open && opening(rules, subject, open.kind, open.reason, now), drifted: false };
}

/** A sweep judged a period of expected runs that ended (domain/run-rules.ts `judgePeriod`): too few opens a `too_few_runs` incident. */
export function afterPeriodEnd(
  monitor: { id: number; orgId: number } & Quiet,
  opens: RunVerdict["open"],
  rules: NotificationRules,
  now: Date,
): IncidentPlan {
  if (!opens) return NOTHING;
  return {
    resolve: null,
    open: opening(rules, subjectOf("cron_monitor", monitor), opens.kind, opens.reason, now),
    drifted: false,
  };
}

/** A sweep found a run still running past its limit: a `max_runtime` incident. */
export function afterOverrun(
  monitor: { id: number; orgId: number } & Quiet,
  run: { rid: string; limitSeconds: number },
  rules: NotificationRules,
  now: Date,
): IncidentPlan {
  const subject = subjectOf("cron_monitor", monitor);
  const reason = `Run ${run.rid} has been running for longer than its ${run.limitSeconds} s limit`;
  return { resolve: null, open: opening(rules, subject, "max_runtime", reason, now), drifted: false };
}

/** Entering `down` opens a service's incident; leaving it resolves the incident. */
export function serviceIncidentChange(previous: string, status: string): "open" | "resolve" | null {
  if (status === "down" && previous !== "down") return "open";
  return status !== "down" && previous === "down" ? "resolve" : null;
}

/**
 * A service's status changed from `previous` to `status` (a probe result, or an edit that paused or
 * re-checked it). The `service_down` incident's reason is the failing check's reason.
 */
export function afterServiceStatus(
  service: { id: number; orgId: number | null } & Quiet,
  change: { previous: string; status: string; reason: string | null },
  rules: NotificationRules,
  now: Date,
): IncidentPlan {
  const subject = subjectOf("service", service);
  const incident = serviceIncidentChange(change.previous, change.status);
  if (incident === "open")
    return {
      resolve: null,
      open: opening(rules, subject, "service_down", change.reason ?? "down", now),
      drifted: false,
    };
  if (incident === "resolve") return { resolve: resolving(rules, subject, now), open: null, drifted: false };
  return NOTHING;
}

/** The human reason of a `missed` incident. */
export function missedReason(first: Date, count: number, skipped: boolean): string {
  const at = first.toISOString().slice(0, 19) + "Z";
  const more = count > 1 || skipped ? ` (${skipped ? "more than " : ""}${count} expected pings missed)` : "";
  return `No ping arrived within the grace period after the expected time ${at}${more}`;
}

/**
 * The incident decisions under one set of notification rules, as the ping, sweep and check rooms
 * hand them to the stores (which execute the plans and decide nothing themselves).
 */
export type IncidentRules = {
  afterMissedPings(
    monitor: Parameters<typeof afterMissedPings>[0],
    missed: Parameters<typeof afterMissedPings>[1],
    now: Date,
  ): IncidentPlan;
  afterOverrun(
    monitor: Parameters<typeof afterOverrun>[0],
    run: Parameters<typeof afterOverrun>[1],
    now: Date,
  ): IncidentPlan;
  afterPeriodEnd(
    monitor: Parameters<typeof afterPeriodEnd>[0],
    opens: Parameters<typeof afterPeriodEnd>[1],
    now: Date,
  ): IncidentPlan;
  afterServiceStatus(
    service: Parameters<typeof afterServiceStatus>[0],
    change: Parameters<typeof afterServiceStatus>[1],
    now: Date,
  ): IncidentPlan;
  /** `afterHoldEnds`: whether a held incident's opening goes out now. */
  afterHoldEnds(subject: IncidentSubject, incident: { kind: IncidentKind; reason: string }, now: Date): boolean;
  /** Whether a notification goes out now (a held resolution's, say). */
  notifies(subject: IncidentSubject, notice: IncidentNotice, now: Date): boolean;
};

/** This module's decisions bound to `rules` (none hold anything by default). */
export function incidentRules(rules: NotificationRules = NO_HOLD_RULES): IncidentRules {
  return {
    afterMissedPings: (monitor, missed, now) => afterMissedPings(monitor, missed, rules, now),
    afterOverrun: (monitor, run, now) => afterOverrun(monitor, run, rules, now),
    afterPeriodEnd: (monitor, opens, now) => afterPeriodEnd(monitor, opens, rules, now),
    afterServiceStatus: (service, change, now) => afterServiceStatus(service, change, rules, now),
    afterHoldEnds: (subject, incident, now) => afterHoldEnds(subject, incident, rules, now),
    notifies: (subject, notice, now) => notifies(rules, subject, notice, now),
  };
}
