import type { Engine } from "./dialect";

/**
 * Dependencies as the incident paths read them (docs/api-maintenance.md, "Dependencies"): the open
 * incident of one of an object's parents, one scalar subquery beside the object's row
 * (`parent_incident_id`), the same text on both engines. Each half is an index probe on
 * `dependencies (child_…)` and `incidents (…, status)`, so an object without parents costs one
 * empty index lookup per half. The rule itself (`parentDown`, domain/incidents.ts) holds the new
 * incident's opening while the value is not null. Only a parent incident of the edge's own
 * organization counts (`pi.org_id = d.org_id`): an organization's incident never opens under
 * another organization's.
 */
function parentIncident(childColumn: "child_cron_monitor_id" | "child_service_id", child: string): string {
  return `COALESCE(
    (SELECT MIN(pi.id) FROM dependencies d JOIN incidents pi ON pi.cron_monitor_id = d.parent_cron_monitor_id AND pi.status = 'open'
      WHERE d.${childColumn} = ${child} AND pi.org_id = d.org_id),
    (SELECT MIN(pi.id) FROM dependencies d JOIN incidents pi ON pi.service_id = d.parent_service_id AND pi.status = 'open'
      WHERE d.${childColumn} = ${child} AND pi.org_id = d.org_id))`;
}

/**
 * The scalar subquery of a cron monitor's parent incident, read only for a monitor that has a parent
 * (its `uses_dependencies`, domain/feature-use.ts): null for a plain one without reading any edge.
 * `m`: the monitor's alias (its `id` and `uses_dependencies` are read).
 */
export const monitorParentIncident = (m: string): string =>
  `CASE WHEN ${m}.uses_dependencies THEN ${parentIncident("child_cron_monitor_id", `${m}.id`)} END`;

/** The scalar subquery of a service's parent incident; `s`: the service's alias. */
export const serviceParentIncident = (s: string): string => parentIncident("child_service_id", `${s}.id`);

/** Reads the subquery's value (a number, a bigint-as-text on PostgreSQL, or null). */
export const parentIncidentOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The scalar subquery of a cron monitor's `depends_on` as its answers show it: the parents as text,
 * `m<id>` or `s<id>` joined by commas (null: none), on the child index; read only for a monitor
 * that has a parent (its `uses_dependencies`), as the incident paths read its parents.
 */
export function monitorDependsOnShown(engine: Engine, m: string): string {
  const parent = `CASE WHEN d.parent_cron_monitor_id IS NOT NULL THEN 'm' || d.parent_cron_monitor_id ELSE 's' || d.parent_service_id END`;
  const joined = engine === "sqlite" ? `group_concat(${parent}, ',')` : `string_agg(${parent}, ',')`;
  return `CASE WHEN ${m}.uses_dependencies THEN (SELECT ${joined} FROM dependencies d WHERE d.child_cron_monitor_id = ${m}.id) END`;
}

/** Reads `monitorDependsOnShown`'s value, ids ascending. */
export function dependsOnFromText(v: unknown): { cron_monitor_ids: number[]; service_ids: number[] } {
  const shown = { cron_monitor_ids: [] as number[], service_ids: [] as number[] };
  if (v === null || v === undefined || v === "") return shown;
  for (const part of String(v).split(",")) {
    (part[0] === "m" ? shown.cron_monitor_ids : shown.service_ids).push(Number(part.slice(1)));
  }
  shown.cron_monitor_ids.sort((a, b) => a - b);
  shown.service_ids.sort((a, b) => a - b);
  return shown;
}
