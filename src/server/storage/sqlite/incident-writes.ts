import type Database from "better-sqlite3";
import type { IncidentPlan } from "../../domain/incidents";

/** The statements a cron monitor's incident plan needs (each store prepares them on its connection). */
export type IncidentStatements = {
  openIncident: Database.Statement;
  resolveIncidents: Database.Statement;
  insertOutbox: Database.Statement;
};

/**
 * Opens a cron monitor's incident (org, monitor, kind, reason, now, held 0/1, parent incident or null); the partial unique
 * index keeps at most one open per monitor, so `changes` is 0 when one is already open.
 */
const OPEN_INCIDENT_SQL = `INSERT INTO incidents (org_id, cron_monitor_id, kind, status, reason, opened_at, held, parent_incident_id)
  VALUES (?, ?, ?, 'open', ?, ?, ?, ?) ON CONFLICT DO NOTHING`;

/**
 * Resolves a cron monitor's open incident (now, resolution held 0/1, monitor), returning the ids
 * resolved and whether each was still held. An incident never resolves before it opens (a sweep run
 * as if later, or a sweeper's clock ahead): MAX keeps opened_at. A notified incident whose
 * resolution a rule holds is marked `resolution_held` (notified when the hold ends, held-incidents.ts).
 */
const RESOLVE_INCIDENTS_SQL = `UPDATE incidents SET status = 'resolved', resolved_at = MAX(opened_at, ?),
  resolution_held = CASE WHEN held THEN 0 ELSE ? END WHERE cron_monitor_id = ? AND status = 'open' RETURNING id, held`;

/** An outbox row (org, event, monitor, incident, run, now), written in the transaction of the flip. */
const INSERT_OUTBOX_SQL = `INSERT INTO outbox (org_id, event, cron_monitor_id, incident_id, run_id, created_at) VALUES (?, ?, ?, ?, ?, ?)`;

export function prepareIncidentStatements(db: Database.Database): IncidentStatements {
  return {
    openIncident: db.prepare(OPEN_INCIDENT_SQL),
    resolveIncidents: db.prepare(RESOLVE_INCIDENTS_SQL),
    insertOutbox: db.prepare(INSERT_OUTBOX_SQL),
  };
}

/**
 * Executes a cron monitor's incident plan (domain/incidents.ts) in the caller's transaction: the
 * resolution and its notifications, the incident opened (unless one is open) and its notification,
 * the drift alert. Outbox rows name `runId`. Returns whether an incident opened.
 */
export function writeMonitorIncidents(
  s: IncidentStatements,
  plan: IncidentPlan,
  monitor: { id: number; orgId: number },
  runId: number | null,
  now: string,
): boolean {
  if (plan.resolve) {
    for (const { id, held } of s.resolveIncidents.all(now, plan.resolve.notify ? 0 : 1, monitor.id) as {
      id: number;
      held: number;
    }[]) {
      // An incident still held was never announced: its resolution is not either.
      if (plan.resolve.notify && !held)
        s.insertOutbox.run(monitor.orgId, "incident.resolved", monitor.id, id, runId, now);
    }
  }
  let opened = false;
  if (plan.open) {
    const result = s.openIncident.run(
      monitor.orgId,
      monitor.id,
      plan.open.kind,
      plan.open.reason,
      now,
      plan.open.held ? 1 : 0,
      plan.open.parentIncidentId,
    );
    opened = result.changes === 1;
    if (opened && plan.open.notify)
      s.insertOutbox.run(monitor.orgId, "incident.opened", monitor.id, Number(result.lastInsertRowid), runId, now);
  }
  if (plan.drifted) s.insertOutbox.run(monitor.orgId, "run.drifted", monitor.id, null, runId, now);
  return opened;
}
