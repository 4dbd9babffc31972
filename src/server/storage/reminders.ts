import { timeCompare, type Engine } from "./dialect";
import type { SqlRunner } from "./runner";
import { monitorMaintenanceUntil, serviceMaintenanceUntil } from "./maintenance-sql";

/**
 * Reminders (issue 25): while an incident stays open, unacknowledged and not held, every
 * integration that repeats (`repeat_minutes` set) and chose `incident.reminder` in its `events`,
 * among those the incident is routed to, gets an `incident.reminder` outbox row for each
 * `repeat_minutes` since the incident opened: reminder n is due at opened_at + n × repeat_minutes.
 * A sweep writes the latest due one only (a sweeper that was down for three intervals sends one
 * reminder, not three), and none while the monitor or service is snoozed, under maintenance or folded (paused,
 * suspended, disabled).
 *
 * Exactly once per interval however many sweepers run: the row's key (incident, integration,
 * reminder number) is unique (`outbox_incident_id_integration_id_reminder_seq_key`), and the one
 * statement inserts with ON CONFLICT DO NOTHING, so the first sweeper's insert claims the
 * reminder and every other one's (waiting for it on PostgreSQL, serialized by the write lock on
 * SQLite) inserts nothing. Every read is an index seek: the open, not held incidents (index
 * `held, status`) or the integrations that repeat (`repeat_minutes`) and their organizations' open
 * incidents (`org_id, status`), as the planner prefers; monitors and services by id; the unique
 * key. No statement per incident.
 *
 * Routing is delivery's (outbox.ts `chosenTargets`): the monitor's `integration_ids` that still
 * exist in its organization, else the organization's defaults (a service: the defaults).
 */
function reminderStatement(engine: Engine): string {
  const sqlite = engine === "sqlite";
  const now = sqlite ? "?" : "?::timestamp";
  // Whole milliseconds from the incident's opening to now (the parameter), exact on both engines.
  const elapsedMs = sqlite
    ? `CAST(ROUND((julianday(?) - julianday(i.opened_at)) * 86400000) AS INTEGER)`
    : `floor(extract(epoch from (?::timestamp - i.opened_at)) * 1000)::bigint`;
  const snoozed = timeCompare(engine, "COALESCE(m.snoozed_until, s.snoozed_until)", ">");
  // A maintenance window running over the object holds its reminders too (maintenance-sql.ts).
  const until = `CASE WHEN m.id IS NOT NULL THEN ${monitorMaintenanceUntil(engine, "m", "?")} ELSE ${serviceMaintenanceUntil(engine, "s", "i.org_id", "?")} END`;
  const maintained = timeCompare(engine, until, ">");
  // The monitor lists the integration / lists none of its organization's integrations.
  const lists = (id: string) =>
    sqlite
      ? `EXISTS (SELECT 1 FROM json_each(COALESCE(m.integration_ids, '[]')) j WHERE j.value = ${id})`
      : `COALESCE(m.integration_ids, '[]')::jsonb @> to_jsonb(${id})`;
  return `
INSERT INTO outbox (org_id, event, cron_monitor_id, service_id, incident_id, integration_id, reminder_seq, created_at)
SELECT due.org_id, 'incident.reminder', due.cron_monitor_id, due.service_id, due.incident_id, due.integration_id, due.seq, ${now}
FROM (
  SELECT i.org_id, i.cron_monitor_id, i.service_id, i.id AS incident_id, g.id AS integration_id,
    ${elapsedMs} / (g.repeat_minutes * 60000) AS seq
  FROM integrations g
  JOIN incidents i ON i.org_id = g.org_id AND i.status = 'open'
  LEFT JOIN cron_monitors m ON m.id = i.cron_monitor_id
  LEFT JOIN services s ON s.id = i.service_id
  WHERE g.repeat_minutes IS NOT NULL AND g.events LIKE '%"incident.reminder"%'
    AND i.held = FALSE AND i.acknowledged_at IS NULL
    AND COALESCE(m.paused, FALSE) = FALSE AND COALESCE(m.suspended, FALSE) = FALSE AND COALESCE(s.enabled, TRUE) = TRUE
    AND NOT COALESCE(${snoozed}, FALSE)
    AND NOT COALESCE(${maintained}, FALSE)
    AND (${lists("g.id")}
      OR (g.is_default = TRUE AND NOT EXISTS (SELECT 1 FROM integrations o WHERE o.org_id = g.org_id AND ${lists("o.id")})))
) due
WHERE due.seq >= 1
ON CONFLICT (incident_id, integration_id, reminder_seq) DO NOTHING`;
}

export const REMINDER_STATEMENTS = { sqlite: reminderStatement("sqlite"), postgresql: reminderStatement("postgresql") };

/** Writes the reminders due at `now` (one statement); resolves to how many were written. */
export function writeDueReminders(sql: SqlRunner, now: Date): Promise<number> {
  // Params in order: created_at, the elapsed time's now, the snooze's now, the maintenance's three.
  return sql.run(REMINDER_STATEMENTS[sql.kind], [now, now, now, now, now, now]);
}
