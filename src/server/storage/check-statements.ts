import { PROBE_USE, rolesWith } from "../../shared/capabilities";
import { isServiceType, type ServiceType } from "../../shared/service-types";
import { idsIn, type Engine } from "./dialect";
import { jsonRowsSource } from "./json-rows";
import { serviceMaintenanceUntil } from "./maintenance-sql";
import { serviceParentIncident } from "./dependency-sql";

/** The roles whose services a private lane may be leased for (constants of capabilities.ts, not input). */
const PROBE_USE_ROLES = rolesWith(PROBE_USE);

/**
 * The statements of the probes' hot path (leases and result batches), one text per engine, each
 * prepared once per connection. A batch of any size is a fixed number of statements: rows travel
 * as one JSON parameter (json-rows.ts).
 */
export type CheckStatements = ReturnType<typeof checkStatements>;

export function checkStatements(engine: Engine) {
  const pg = engine === "postgresql";
  const pickDue = `SELECT l.service_id, l.lane, l.slot, l.due_at, s.type, s.config
      FROM service_lanes l JOIN services s ON s.id = l.service_id
      WHERE l.lane = ? AND l.leasable_at <= ?
        AND (l.lane = 0 OR EXISTS (SELECT 1 FROM probes p JOIN memberships m ON m.org_id = p.org_id AND m.user_id = s.user_id
          WHERE p.id = l.lane AND m.role IN (${PROBE_USE_ROLES.map((r) => `'${r}'`).join(", ")})))`;
  const order = ` ORDER BY l.leasable_at LIMIT ?${pg ? " FOR UPDATE OF l SKIP LOCKED" : ""}`;
  const skipping = new Map<string, string>();
  return {
    /**
     * Params: lane, horizon, max. The lane's due checks in due order (PostgreSQL: rows another probe
     * holds are skipped). A private lane is leased only while the service's owner holds `probe.use`
     * in the probe's organization (probe-use.ts): a row left behind by a removed or demoted member
     * is never handed out. The membership lookup is on its unique (org_id, user_id) index.
     */
    pickDue: pickDue + order,

    /**
     * pickDue for a probe that cannot run some types (docs/api-probes.md): those services' rows are
     * left for other probes. The names are service type names (the lease input's enum, checked
     * again here), written into the text; one text per set, kept.
     */
    pickDueSkipping: (types: readonly ServiceType[]) => {
      const names = [...new Set(types.filter(isServiceType))].sort();
      const key = names.join(",");
      let text = skipping.get(key);
      if (text === undefined) {
        text = names.length
          ? `${pickDue} AND s.type NOT IN (${names.map((n) => `'${n}'`).join(", ")})${order}`
          : pickDue + order;
        skipping.set(key, text);
      }
      return text;
    },

    /** Params: lane, horizon. When the lane's next check beyond the horizon is due (an idle probe sleeps until then). */
    nextDue: `SELECT MIN(leasable_at) AS due FROM service_lanes WHERE lane = ? AND leasable_at > ?`,

    /**
     * Params: probe, rows [{service_id, lane, until}]. Joined on the whole primary key from the rows,
     * so SQLite reads the rows once and looks each lane up (a constant lane would make it scan the
     * lane's index and re-read the JSON for every row).
     */
    lease: `UPDATE service_lanes SET leased_by = ?, leasable_at = v.until
      FROM ${jsonRowsSource(engine, "v", { service_id: "int", lane: "int", until: "time" })}
      WHERE service_lanes.service_id = v.service_id AND service_lanes.lane = v.lane`,

    /**
     * Params: now, service ids. Every lane of the batch's services with what the status rules read
     * (and the end of the maintenance run over the service, maintenance-sql.ts; a parent's open
     * incident, dependency-sql.ts).
     */
    lanesOf: `SELECT l.service_id, l.lane, l.slot, l.due_at, l.leasable_at, l.leased_by, l.outcome, l.reason, l.response_time_ms,
        l.consecutive_failures, l.consecutive_successes, s.failure_threshold, s.recovery_threshold, l.result_at, s.interval, s.enabled, s.status, s.degraded_ms, s.status_reason, s.snoozed_until, u.default_org_id AS org_id,
        ${serviceMaintenanceUntil(engine, "s", "u.default_org_id", "?")} AS maintenance_until,
        ${serviceParentIncident("s")} AS parent_incident_id
      FROM service_lanes l JOIN services s ON s.id = l.service_id JOIN users u ON u.id = s.user_id
      WHERE ${idsIn(engine, "l.service_id")}
      ORDER BY l.service_id, l.lane${pg ? " FOR UPDATE OF s, l" : ""}`,

    /** Params: rows of the lanes' new state. */
    updateLanes: `UPDATE service_lanes SET slot = v.slot, due_at = v.due_at, leasable_at = v.leasable_at, leased_by = v.leased_by,
        outcome = v.outcome, reason = v.reason, response_time_ms = v.response_time_ms, consecutive_failures = v.consecutive_failures,
        consecutive_successes = v.consecutive_successes, result_at = v.result_at
      FROM ${jsonRowsSource(engine, "v", {
        service_id: "int",
        lane: "int",
        slot: "int",
        due_at: "time",
        leasable_at: "time",
        leased_by: "int",
        outcome: "text",
        reason: "text",
        response_time_ms: "float",
        consecutive_failures: "int",
        consecutive_successes: "int",
        result_at: "time",
      })}
      WHERE service_lanes.service_id = v.service_id AND service_lanes.lane = v.lane`,

    /** Params: rows of results. */
    insertResults: `INSERT INTO check_results (service_id, probe_id, slot, started_at, up, reason, status_code, response_time_ms,
        dns_ms, connect_ms, tls_ms, first_byte_ms, certificate_days_left, steps, in_maintenance)
      SELECT service_id, probe_id, slot, started_at, up, reason, status_code, response_time_ms, dns_ms, connect_ms, tls_ms,
        first_byte_ms, certificate_days_left, steps, in_maintenance
      FROM ${jsonRowsSource(engine, "v", {
        service_id: "int",
        probe_id: "int",
        slot: "int",
        started_at: "time",
        up: "bool",
        reason: "text",
        status_code: "int",
        response_time_ms: "float",
        dns_ms: "float",
        connect_ms: "float",
        tls_ms: "float",
        first_byte_ms: "float",
        certificate_days_left: "int",
        steps: "text",
        in_maintenance: "bool",
      })}`,
    /** Params: service, probe. The probe's latest failed result of the service (the one just inserted). */
    latestFailure: `SELECT MAX(id) AS id FROM check_results WHERE service_id = ? AND probe_id = ? AND NOT up`,
    /** Params: result, service, step, image. */
    insertScreenshot: `INSERT INTO check_screenshots (result_id, service_id, step, image) VALUES (?, ?, ?, ?)
      ON CONFLICT (result_id) DO NOTHING`,
    /** Params: service, service, kept. Deletes the service's screenshots older than the latest `kept`. */
    pruneScreenshots: `DELETE FROM check_screenshots WHERE service_id = ? AND result_id NOT IN (
        SELECT result_id FROM check_screenshots WHERE service_id = ? ORDER BY result_id DESC LIMIT ?)`,

    /** Params: status, since, reason, id. */
    setStatus: `UPDATE services SET status = ?, status_since = ?, status_reason = ? WHERE id = ?`,
    /** Params: reason, id. */
    setReason: `UPDATE services SET status_reason = ? WHERE id = ?`,
    /** Params: now, service, lane. A lane not leased becomes due now (a run on a private probe). */
    makeDue: `UPDATE service_lanes SET due_at = ?, leasable_at = ? WHERE service_id = ? AND lane = ? AND leased_by IS NULL AND leasable_at IS NOT NULL`,

    /** Params: lane, now. The most overdue unleased check of a lane (the health summary's lag; on the lease index). */
    oldestDue: `SELECT MIN(leasable_at) AS due FROM service_lanes WHERE lane = ? AND leasable_at <= ? AND leased_by IS NULL`,
  };
}
