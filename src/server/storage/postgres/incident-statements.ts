/**
 * The incident writes of the PostgreSQL ping and sweep statements: parts (CTEs) of their one
 * statement per batch, so a wave of pings or a page of due monitors stays one statement. They write
 * what the plans of domain/incidents.ts say (kind, reason, notify?, held, parent incident travel as
 * arrays), with the same effects as incident-statements.ts, which every other path executes
 * (incident-executor.ts): at most one open incident per monitor (the partial unique index), never
 * resolved before it opened, a resolution held only for an announced incident.
 */

/**
 * CTE `resolved`: the open incident of every monitor of `plans` (a CTE with `monitor_id`, `now`,
 * `resolve`, `resolve_held`) whose plan resolves, returning `id, cron_monitor_id, held`; an announced
 * incident whose plan holds the resolution is stored `resolution_held`.
 */
export const resolvedCte = (plans: string) => `resolved AS (
  UPDATE incidents i SET status = 'resolved', resolved_at = GREATEST(i.opened_at, a.now), -- never before it opened
    resolution_held = NOT i.held AND a.resolve_held -- an announced incident whose resolution a rule holds (held-incidents.ts)
  FROM ${plans} a WHERE a.resolve AND i.cron_monitor_id = a.monitor_id AND i.status = 'open'
  RETURNING i.id, i.cron_monitor_id, i.held)`;

/**
 * CTE `opened`: one incident per row of `source` (a SELECT giving org_id, cron_monitor_id, kind,
 * reason, opened_at, held, parent_incident_id in that order), unless the monitor has one open;
 * returning `id, org_id, cron_monitor_id`.
 */
export const openedCte = (source: string) => `opened AS (
  INSERT INTO incidents (org_id, cron_monitor_id, kind, reason, opened_at, held, parent_incident_id, status)
  SELECT *, 'open' FROM (${source}) AS o
  ON CONFLICT DO NOTHING RETURNING id, org_id, cron_monitor_id)`;
