import type { FeatureUse, FeatureUseRule } from "../domain/feature-use";
import { idsIn, idsParam } from "./dialect";
import type { SqlRunner } from "./runner";

/**
 * The flags `uses_maintenance` and `uses_dependencies` of cron monitors (domain/feature-use.ts
 * decides them), written by one function that every write which may change them calls in its own
 * transaction, after its change: window writes (services/maintenance/windows.ts), a window's last
 * run over (sweep/maintenance-runs.ts), a monitor's project or parents written
 * (services/monitors/feature-use.ts), a project deleted, a member's edges cut, a parent deleted.
 *
 * The monitors' rows are locked first (PostgreSQL: `FOR UPDATE` in ping-token order, the order of
 * the ping waves), and their facts read by the next statement: a write of another transaction that
 * touched the same monitors committed before, and its facts are seen (under READ COMMITTED each
 * statement reads afresh), so two writes at once cannot leave a flag off that one of them needs.
 * SQLite runs one writer at a time (a stale read before the write lock is retried).
 */
export type TouchedMonitors = { ids?: number[]; projectIds?: number[] };

export async function keepFeatureUse(
  sql: SqlRunner,
  touched: TouchedMonitors,
  rule: FeatureUseRule,
  now: Date,
): Promise<number> {
  const ids = [...new Set(touched.ids ?? [])];
  const projectIds = [...new Set(touched.projectIds ?? [])];
  if (ids.length === 0 && projectIds.length === 0) return 0;
  const where = `(${idsIn(sql.kind, "m.id")} OR ${idsIn(sql.kind, "m.project_id")})`;
  const params = [idsParam(sql.kind, ids), idsParam(sql.kind, projectIds)];
  if (sql.kind === "postgresql")
    await sql.all(`SELECT m.id FROM cron_monitors m WHERE ${where} ORDER BY m.ping_token FOR UPDATE`, params);
  const rows = await sql.all<FactRow>(
    `SELECT m.id, m.uses_maintenance, m.uses_dependencies,
       (SELECT MAX(w.current_ends_at) FROM maintenance_targets t JOIN maintenance_windows w ON w.id = t.window_id
         WHERE (t.cron_monitor_id = m.id OR t.project_id = m.project_id) AND w.org_id = m.org_id) AS latest_window_end,
       EXISTS (SELECT 1 FROM dependencies d WHERE d.child_cron_monitor_id = m.id) AS has_parent
     FROM cron_monitors m WHERE ${where}`,
    params,
  );
  const changed = new Map<string, number[]>();
  for (const r of rows) {
    const use = rule({ latestWindowEnd: timeOf(r.latest_window_end), hasParent: Boolean(r.has_parent) }, now);
    if (use.maintenance === Boolean(r.uses_maintenance) && use.dependencies === Boolean(r.uses_dependencies)) continue;
    const key = JSON.stringify(use);
    changed.set(key, [...(changed.get(key) ?? []), Number(r.id)]);
  }
  for (const [key, monitorIds] of changed) {
    const use = JSON.parse(key) as FeatureUse;
    await sql.run(
      `UPDATE cron_monitors SET uses_maintenance = ?, uses_dependencies = ? WHERE ${idsIn(sql.kind, "id")}`,
      [use.maintenance, use.dependencies, idsParam(sql.kind, monitorIds)],
    );
  }
  return changed.size;
}

type FactRow = {
  id: number | string;
  uses_maintenance: boolean | number;
  uses_dependencies: boolean | number;
  latest_window_end: string | Date | null;
  has_parent: boolean | number;
};

/** A stored time as either engine returns it (SQLite: ISO text with an offset). */
const timeOf = (v: string | Date | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));
