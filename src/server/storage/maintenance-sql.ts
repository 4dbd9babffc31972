import type { WindowTiming } from "../domain/maintenance";
import { timeCompare, type Engine } from "./dialect";

/**
 * Maintenance windows as the incident paths read them (docs/api-maintenance.md). Each window row
 * keeps its run going on or next to start (`current_starts_at`, `current_ends_at`), written when the
 * window is written and advanced by every sweep once a recurring window's run has ended
 * (`moveMaintenanceRuns`, sweep/maintenance-runs.ts), so the hot paths need no schedule engine: the end of the maintenance
 * over an object at `now` is one scalar subquery beside the object's row (`maintenance_until`),
 * the latest end among its windows' runs that have started by `now`. The rule itself
 * (`inMaintenance`, domain/incidents.ts) compares that end with `now`, so a run that ended and was
 * not advanced yet holds nothing.
 *
 * A window covers a cron monitor named in its targets or in a targeted project (the monitor's
 * current `project_id`: members present and future), in the window's own organization; a service
 * likewise, in the organization its notifications go to.
 */
const startedBy = (engine: Engine, now: string) => timeCompare(engine, "w.current_starts_at", "<=", now);

/**
 * The scalar subquery of a cron monitor's maintenance end, read only for a monitor that uses
 * maintenance (its `uses_maintenance`, domain/feature-use.ts; storage/feature-use.ts keeps it): for
 * a plain one the expression is null without reading any window. `m`: the monitor's alias (its
 * `id`, `org_id`, `project_id`, `uses_maintenance` are read); `now`: the placeholder of the instant.
 */
export function monitorMaintenanceUntil(engine: Engine, m: string, now: string): string {
  return `CASE WHEN ${m}.uses_maintenance THEN (SELECT MAX(w.current_ends_at) FROM maintenance_targets t JOIN maintenance_windows w ON w.id = t.window_id
    WHERE (t.cron_monitor_id = ${m}.id OR t.project_id = ${m}.project_id) AND w.org_id = ${m}.org_id AND ${startedBy(engine, now)}) END`;
}

/**
 * The scalar subquery of a service's maintenance end. `s`: the service's alias (`id`,
 * `project_id`); `org`: the expression of the organization its notifications go to.
 */
export function serviceMaintenanceUntil(engine: Engine, s: string, org: string, now: string): string {
  return `(SELECT MAX(w.current_ends_at) FROM maintenance_targets t JOIN maintenance_windows w ON w.id = t.window_id
    WHERE (t.service_id = ${s}.id OR t.project_id = ${s}.project_id) AND w.org_id = ${org} AND ${startedBy(engine, now)})`;
}

/** The window's timing as the pure rules take it, from its stored columns. */
export function timingOf(w: {
  startsAt: Date | null;
  endsAt: Date | null;
  schedule: string | null;
  timezone: string | null;
  durationMinutes: number | null;
}): WindowTiming {
  if (w.schedule !== null) {
    return {
      kind: "recurring",
      schedule: { kind: "cron", expression: w.schedule, timezone: w.timezone ?? "UTC" },
      durationMinutes: w.durationMinutes ?? 0,
    };
  }
  return { kind: "once", startsAt: w.startsAt!, endsAt: w.endsAt! };
}

/**
 * The scalar subquery of the maintenance a cron monitor shows (`maintenance` of its answers): the
 * window whose stored run covers `now` and ends last, as `<id>|<end ISO>` (null: none). The same
 * runs the incident paths read, so the answer shows what holds the monitor's notifications; read,
 * like theirs, only for a monitor that uses maintenance (its `uses_maintenance`): a plain monitor's
 * answer reads no window.
 */
export function monitorMaintenanceShown(engine: Engine, m: string, now: string): string {
  const sqlite = engine === "sqlite";
  const value = sqlite
    ? `w.id || '|' || w.current_ends_at`
    : `w.id::text || '|' || to_char(w.current_ends_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const notEnded = timeCompare(engine, "w.current_ends_at", ">", now);
  return `CASE WHEN ${m}.uses_maintenance THEN (SELECT ${value} FROM maintenance_targets t JOIN maintenance_windows w ON w.id = t.window_id
    WHERE (t.cron_monitor_id = ${m}.id OR t.project_id = ${m}.project_id) AND w.org_id = ${m}.org_id AND ${startedBy(engine, now)} AND ${notEnded}
    ORDER BY w.current_ends_at DESC LIMIT 1) END`;
}

/** Reads `monitorMaintenanceShown`'s value. */
export function maintenanceFromText(v: unknown): { windowId: number; endsAt: Date } | null {
  if (v === null || v === undefined) return null;
  const [id, end] = String(v).split("|");
  return { windowId: Number(id), endsAt: new Date(end!) };
}
