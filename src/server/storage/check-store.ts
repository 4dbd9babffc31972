import type Database from "better-sqlite3";
import type { Pool } from "pg";
import type { LaneSchedule } from "../domain/check-slots";
import type { IncidentRules } from "../domain/incidents";
import type { ServiceStatus, StatusDecision, StatusInput } from "../domain/service-status";
import { timeOrNull } from "./api-rows";
import { parentIncidentOf } from "./dependency-sql";
import { checkStatements, type CheckStatements } from "./check-statements";
import { idsParam, type Engine } from "./dialect";
import { executeIncidentPlan } from "./incident-executor";
import { jsonTime } from "./json-rows";
import { pgAccess } from "./postgres/runner";
import type { SqlAccess, SqlRunner } from "./runner";
import { writerTurns } from "./sqlite/writer-turns";
import type { ServiceType } from "../../shared/service-types";

/**
 * The probes' hot path on either engine: leasing due checks and recording result batches, each a
 * fixed number of statements in one transaction whatever the batch size. Status flips, incidents
 * and outbox rows are written in the transaction of the result that causes them, so however many
 * probes report at once a service goes down once, with one incident and one notification. Every
 * decision (a lease's length, a lane's next check, the service's status, what a flip does to
 * incidents and notifications) comes from the `CheckRules` it is given (checks/rules.ts): the store reads
 * and executes.
 */
export interface CheckStore {
  /**
   * Leases up to `max` checks of `lane` due by `horizon` to `probeId`, leaving out checks of the
   * `skipTypes` the probe cannot run (names of service types); with none due, says when the next one is.
   */
  lease(
    probeId: number,
    lane: number,
    max: number,
    horizon: Date,
    now: Date,
    skipTypes?: readonly ServiceType[],
  ): Promise<{ leased: LeasedCheck[]; nextDueAt: Date | null }>;
  /** Records results; a scheduled result counts only while its probe holds the slot's lease. */
  record(probeId: number, results: PostedResult[], now: Date): Promise<RecordOutcome[]>;
  /** Makes a lane's check due now unless it is leased (a run on a private probe); false if nothing changed. */
  makeDue(serviceId: number, lane: number, now: Date): Promise<boolean>;
  /** The due instant of the lane's most overdue unleased check, or null. */
  oldestDue(lane: number, now: Date): Promise<Date | null>;
}

export type LeasedCheck = {
  serviceId: number;
  lane: number;
  slot: number;
  dueAt: Date;
  leaseExpiresAt: Date;
  type: string;
  config: Record<string, unknown>;
};

/** Which check a result answers: the service, its lane (0: platform probes), the leased slot (null: off-schedule). */
export type ResultTarget = { serviceId: number; lane: number; slot: number | null };

/** A check result as the check store records it (one `check_results` row and the lane's latest). */
export type StoredResult = ResultTarget & {
  outcome: "up" | "down";
  reason: string | null;
  statusCode: number | null;
  responseTimeMs: number;
  startedAt: Date;
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  firstByteMs: number | null;
  certificateDaysLeft: number | null;
  /** A browser check's timings (null for other types). */
  steps: { step: string; ms: number }[] | null;
  /** A failed browser check's screenshot, stored on its own (check_screenshots) keyed by the result. */
  screenshot?: { jpeg: Buffer; step: string } | null;
};

/** A result to record (checks/stored-result.ts maps a check result to it). */
export type PostedResult = StoredResult;

export type RecordOutcome = { accepted: true } | { accepted: false; why: string };

/** What a check store is given to decide with (checks/rules.ts builds it from domain/). */
export type CheckRules = {
  /** How long a lease of a check of `type` with `config` lasts, in seconds. */
  leaseSeconds(type: string, config: Record<string, unknown>): number;
  /** A lane's schedule after a result (scheduled: it names the lane's pending slot). */
  laneAfterResult(
    lane: LaneSchedule,
    result: { outcome: "up" | "down"; scheduled: boolean },
    service: { id: number; intervalSeconds: number; enabled: boolean },
    now: Date,
  ): LaneSchedule;
  /** Why a posted result is not recorded (null: it is recorded). */
  resultRefusal(
    lane: { slot: number; leasedBy: number | null } | undefined,
    result: { slot: number | null },
    probeId: number,
  ): string | null;
  /** The service's status from its lanes' latest results. */
  decideStatus(input: StatusInput, now: Date): StatusDecision;
  /** The reason the service's status and its incident show, from its lanes' latest results. */
  failingReason(lanes: readonly { outcome: string | null; reason: string | null }[]): string | null;
  /** Whether a result at `now` is left out of uptime: a maintenance window ending at `until` runs over its service. */
  inMaintenance(until: Date | null, now: Date): boolean;
  /** Screenshots of failed runs kept per service (older ones are deleted when one is stored). */
  screenshotsKept: number;
  incidents: Pick<IncidentRules, "afterServiceStatus">;
};

export function createSqliteCheckStore(db: Database.Database, rules: CheckRules): CheckStore {
  return checkStore("sqlite", writerTurns(db), rules);
}

export function createPgCheckStore(pool: Pool, rules: CheckRules): CheckStore {
  return checkStore("postgresql", pgAccess(pool), rules);
}

type LaneRow = {
  service_id: number;
  lane: number;
  slot: number;
  due_at: string;
  leasable_at: string | null;
  leased_by: number | null;
  outcome: string | null;
  reason: string | null;
  response_time_ms: number | null;
  consecutive_failures: number;
  consecutive_successes: number;
  failure_threshold: number;
  recovery_threshold: number;
  result_at: string | null;
  interval: number;
  enabled: number | boolean;
  status: string;
  degraded_ms: number | null;
  status_reason: string | null;
  snoozed_until: string | null;
  org_id: number | null;
  maintenance_until: string | null;
  parent_incident_id: number | string | null;
};

const date = (v: string | null) => (v === null ? null : new Date(v));

function checkStore(engine: Engine, { transact, read }: SqlAccess, rules: CheckRules): CheckStore {
  const s = checkStatements(engine);
  return {
    lease: (probeId, lane, max, horizon, now, skipTypes = []) =>
      transact(async (sql) => {
        const due = await sql.all<{
          service_id: number;
          lane: number;
          slot: number;
          due_at: string;
          type: string;
          config: string;
        }>(skipTypes.length ? s.pickDueSkipping(skipTypes) : s.pickDue, [lane, horizon, max]);
        if (due.length === 0)
          return {
            leased: [],
            nextDueAt: date((await sql.get<{ due: string | null }>(s.nextDue, [lane, horizon]))?.due ?? null),
          };
        const leased = due.map((r) => {
          const config = JSON.parse(r.config) as Record<string, unknown>;
          const dueAt = new Date(r.due_at);
          const start = Math.max(dueAt.getTime(), now.getTime());
          return {
            serviceId: r.service_id,
            lane: r.lane,
            slot: r.slot,
            dueAt,
            leaseExpiresAt: new Date(start + rules.leaseSeconds(r.type, config) * 1000),
            type: r.type,
            config,
          };
        });
        await sql.run(s.lease, [
          probeId,
          JSON.stringify(
            leased.map((l) => ({ service_id: l.serviceId, lane: l.lane, until: jsonTime(engine, l.leaseExpiresAt) })),
          ),
        ]);
        return { leased, nextDueAt: null };
      }),
    record: (probeId, results, now) =>
      results.length === 0
        ? Promise.resolve([])
        : transact((sql) => recordResults(engine, s, sql, rules, probeId, results, now)),
    makeDue: (serviceId, lane, now) =>
      transact(async (sql) => (await sql.run(s.makeDue, [now, now, serviceId, lane])) > 0),
    oldestDue: async (lane, now) =>
      read(async (sql) => date((await sql.get<{ due: string | null }>(s.oldestDue, [lane, now]))?.due ?? null)),
  };
}

async function recordResults(
  engine: Engine,
  s: CheckStatements,
  sql: SqlRunner,
  rules: CheckRules,
  probeId: number,
  results: PostedResult[],
  now: Date,
): Promise<RecordOutcome[]> {
  const serviceIds = [...new Set(results.map((r) => r.serviceId))];
  const rows = await sql.all<LaneRow>(s.lanesOf, [now, idsParam(engine, serviceIds)]);
  const lanes = new Map(rows.map((r) => [`${r.service_id}:${r.lane}`, r]));
  const outcomes: RecordOutcome[] = [];
  const accepted: PostedResult[] = [];
  for (const result of results) {
    const row = lanes.get(`${result.serviceId}:${result.lane}`);
    const refusal = rules.resultRefusal(row && { slot: row.slot, leasedBy: row.leased_by }, result, probeId);
    if (refusal !== null || !row) {
      outcomes.push({ accepted: false, why: refusal ?? "no such service lane" });
      continue;
    }
    const next = rules.laneAfterResult(
      laneSchedule(row),
      { outcome: result.outcome, scheduled: result.slot !== null },
      { id: row.service_id, intervalSeconds: row.interval, enabled: !!row.enabled },
      now,
    );
    Object.assign(row, {
      slot: next.slot,
      due_at: next.dueAt.toISOString(),
      leasable_at: next.leasableAt?.toISOString() ?? null,
      leased_by: next.leasedBy,
      consecutive_failures: next.consecutiveFailures,
      consecutive_successes: next.consecutiveSuccesses ?? 0,
      outcome: result.outcome,
      reason: result.reason,
      response_time_ms: result.responseTimeMs,
      result_at: now.toISOString(),
    });
    accepted.push(result);
    outcomes.push({ accepted: true });
  }
  if (accepted.length === 0) return outcomes;
  const touched = [...new Set(accepted.map((r) => `${r.serviceId}:${r.lane}`))].map((k) => lanes.get(k)!);
  await sql.run(s.updateLanes, [JSON.stringify(touched.map((r) => laneJson(engine, r)))]);
  // A result recorded while a maintenance window runs over its service is left out of uptime (maintenance-sql.ts).
  const maintained = new Set(
    rows.filter((r) => rules.inMaintenance(timeOrNull(r.maintenance_until), now)).map((r) => r.service_id),
  );
  await sql.run(s.insertResults, [
    JSON.stringify(accepted.map((r) => resultJson(engine, probeId, r, maintained.has(r.serviceId)))),
  ]);
  // Only failed browser runs carry a screenshot: the result just inserted is the probe's latest failure.
  for (const r of accepted) {
    if (!r.screenshot) continue;
    const row = await sql.get<{ id: number | null }>(s.latestFailure, [r.serviceId, probeId]);
    if (row?.id === null || row?.id === undefined) continue;
    await sql.run(s.insertScreenshot, [Number(row.id), r.serviceId, r.screenshot.step, r.screenshot.jpeg]);
    await sql.run(s.pruneScreenshots, [r.serviceId, r.serviceId, rules.screenshotsKept]);
  }
  for (const serviceId of new Set(accepted.map((r) => r.serviceId))) {
    await applyStatus(
      s,
      sql,
      rules,
      rows.filter((r) => r.service_id === serviceId),
      now,
    );
  }
  return outcomes;
}

function laneSchedule(r: LaneRow): LaneSchedule {
  return {
    slot: r.slot,
    dueAt: new Date(r.due_at),
    leasableAt: date(r.leasable_at),
    leasedBy: r.leased_by,
    consecutiveFailures: r.consecutive_failures,
    consecutiveSuccesses: r.consecutive_successes,
  };
}

function laneJson(engine: Engine, r: LaneRow) {
  return {
    service_id: r.service_id,
    lane: r.lane,
    slot: r.slot,
    due_at: jsonTime(engine, new Date(r.due_at)),
    leasable_at: jsonTime(engine, date(r.leasable_at)),
    leased_by: r.leased_by,
    outcome: r.outcome,
    reason: r.reason,
    response_time_ms: r.response_time_ms,
    consecutive_failures: r.consecutive_failures,
    consecutive_successes: r.consecutive_successes,
    result_at: jsonTime(engine, date(r.result_at)),
  };
}

function resultJson(engine: Engine, probeId: number, r: PostedResult, inMaintenance: boolean) {
  return {
    service_id: r.serviceId,
    probe_id: probeId,
    slot: r.slot,
    started_at: jsonTime(engine, r.startedAt),
    up: r.outcome === "up",
    reason: r.reason,
    status_code: r.statusCode,
    response_time_ms: r.responseTimeMs,
    dns_ms: r.dnsMs,
    connect_ms: r.connectMs,
    tls_ms: r.tlsMs,
    first_byte_ms: r.firstByteMs,
    certificate_days_left: r.certificateDaysLeft,
    steps: r.steps ? JSON.stringify(r.steps) : null,
    in_maintenance: inMaintenance,
  };
}

/**
 * The service's status from all its lanes' latest results; a flip writes the status, and its
 * incident plan (domain/incidents.ts) is executed by incident-executor.ts.
 */
async function applyStatus(
  s: CheckStatements,
  sql: SqlRunner,
  rules: CheckRules,
  lanes: LaneRow[],
  now: Date,
): Promise<void> {
  const service = lanes[0]!;
  if (!service.enabled) return; // paused: the edit that paused it settled status and incidents
  const previous = service.status as ServiceStatus;
  const decision = rules.decideStatus(
    {
      enabled: true,
      previous,
      intervalSeconds: service.interval,
      degradedMs: service.degraded_ms,
      failureThreshold: service.failure_threshold,
      recoveryThreshold: service.recovery_threshold,
      latest: lanes
        .filter((l) => l.outcome !== null && l.result_at !== null)
        .map((l) => ({
          probeId: l.lane,
          outcome: l.outcome as "up" | "down",
          responseTimeMs: l.response_time_ms ?? 0,
          consecutiveFailures: l.consecutive_failures,
          consecutiveSuccesses: l.consecutive_successes,
          at: new Date(l.result_at!),
          reason: l.reason,
        })),
    },
    now,
  );
  const reason = rules.failingReason(lanes);
  if (decision.status !== previous) await sql.run(s.setStatus, [decision.status, now, reason, service.service_id]);
  else if (reason !== service.status_reason) await sql.run(s.setReason, [reason, service.service_id]);
  const plan = rules.incidents.afterServiceStatus(
    {
      id: service.service_id,
      orgId: service.org_id,
      snoozedUntil: timeOrNull(service.snoozed_until),
      maintenanceUntil: timeOrNull(service.maintenance_until),
      parentIncidentId: parentIncidentOf(service.parent_incident_id),
    },
    { previous, status: decision.status, reason },
    now,
  );
  await executeIncidentPlan(sql, { type: "service", id: service.service_id, orgId: service.org_id }, plan, now);
}
