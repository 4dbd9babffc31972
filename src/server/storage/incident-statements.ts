/**
 * Every statement that writes the `incidents` table, for both engines (`?` placeholders; the
 * PostgreSQL ping and sweep statements take the same writes as parts of their one statement:
 * postgres/incident-statements.ts). Nothing else in the code base writes an incident: the paths
 * ask domain/incidents.ts what to do and hand the plan to incident-executor.ts (or, on the SQLite
 * ping and sweep hot paths, to sqlite/incident-writes.ts, which prepares these texts).
 */

/** The incidents' object column: a cron monitor's or a service's. */
export type IncidentColumn = "cron_monitor_id" | "service_id";

export const columnOf = (type: "cron_monitor" | "service"): IncidentColumn =>
  type === "cron_monitor" ? "cron_monitor_id" : "service_id";

/**
 * Params: org, object, kind, reason, now, held, parent incident (or null). The partial unique index
 * keeps at most one open incident per object: nothing is inserted (and no id returned) when one is open.
 */
export const openIncident = (column: IncidentColumn) =>
  `INSERT INTO incidents (org_id, ${column}, kind, status, reason, opened_at, held, parent_incident_id)
  VALUES (?, ?, ?, 'open', ?, ?, ?, ?) ON CONFLICT DO NOTHING`;

/**
 * Params: now, now, resolution held?, object. Resolves the object's open incident, returning each id
 * and whether its opening was still `held`. An incident never resolves before it opened (a sweep run
 * as if later, a clock ahead). A notified incident whose resolution a rule holds is stored
 * `resolution_held` (announced when the hold ends, held-incidents.ts); one still `held` never is.
 */
export const resolveIncidents = (column: IncidentColumn) =>
  `UPDATE incidents SET status = 'resolved', resolved_at = CASE WHEN opened_at > ? THEN opened_at ELSE ? END,
  resolution_held = NOT held AND ? WHERE ${column} = ? AND status = 'open' RETURNING id, held`;

/** Params: org, event, object, incident (or null), run (or null), now: the notification of a flip, in its transaction. */
export const insertOutbox = (column: IncidentColumn) =>
  `INSERT INTO outbox (org_id, event, ${column}, incident_id, run_id, created_at) VALUES (?, ?, ?, ?, ?, ?)`;

/** Params: id. The compare-and-swap that claims a held incident's opening: 1 row changed for exactly one caller. */
export const CLAIM_HELD_OPENING = `UPDATE incidents SET held = false WHERE id = ? AND held = true AND status = 'open'`;

/** Params: id. The same for a held resolution. */
export const CLAIM_HELD_RESOLUTION = `UPDATE incidents SET resolution_held = false WHERE id = ? AND resolution_held = true`;

/** Params: now, by, id. "I'm on it", once: 1 row changed for exactly one caller while the incident is open. */
export const ACKNOWLEDGE = `UPDATE incidents SET acknowledged_at = ?, acknowledged_by = ?
  WHERE id = ? AND status = 'open' AND acknowledged_at IS NULL`;
