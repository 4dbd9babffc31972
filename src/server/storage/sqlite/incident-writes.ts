import type Database from "better-sqlite3";
import type { IncidentPlan } from "../../domain/incidents";
import { insertOutbox, openIncident, resolveIncidents } from "../incident-statements";

/**
 * The statements a cron monitor's incident plan needs (each store prepares them on its connection):
 * the texts of incident-statements.ts, executed synchronously inside the SQLite ping and sweep
 * batches (the async paths use incident-executor.ts).
 */
export type IncidentStatements = {
  openIncident: Database.Statement;
  resolveIncidents: Database.Statement;
  insertOutbox: Database.Statement;
};

export function prepareIncidentStatements(db: Database.Database): IncidentStatements {
  return {
    openIncident: db.prepare(openIncident("cron_monitor_id")),
    resolveIncidents: db.prepare(resolveIncidents("cron_monitor_id")),
    insertOutbox: db.prepare(insertOutbox("cron_monitor_id")),
  };
}

/**
 * Executes a cron monitor's incident plan (domain/incidents.ts) in the caller's transaction: the
 * resolution and its notifications, the incident opened (unless one is open) and its notification,
 * the drift alert. Outbox rows name `runId`. `monitor.noneOpen`: the caller read in this
 * transaction that the monitor has no open incident, so a resolution has nothing to write. Returns
 * whether an incident opened.
 */
export function writeMonitorIncidents(
  s: IncidentStatements,
  plan: IncidentPlan,
  monitor: { id: number; orgId: number; noneOpen?: boolean },
  runId: number | null,
  now: string,
): boolean {
  if (plan.resolve && !monitor.noneOpen) {
    for (const { id, held } of s.resolveIncidents.all(now, now, plan.resolve.held ? 1 : 0, monitor.id) as {
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
