import type Database from "better-sqlite3";
import type { RollupWatermark } from "../../domain/check-metrics";
import type { RollupRules, SweepSteps } from "../sweep-storage";
import { metricsSql } from "../check-metrics-sql";
import { SQLITE } from "../dialect";
import { sqlTime } from "./ping-statements";

/**
 * Check rollups' statements on the sweeper's SQLite connection (the loop and its budget:
 * sweep/retention.ts): one span, as the rules place it, rolled up with the watermark it moves in one
 * `BEGIN IMMEDIATE` transaction; raw results and rollups before a cutoff deleted one batch at a time.
 */
export function prepareCheckRollups(
  db: Database.Database,
): Pick<SweepSteps, "rollUpSpan" | "deleteCheckResults" | "deleteCheckRollups"> {
  const q = metricsSql(SQLITE);
  const s = {
    watermark: db.prepare(q.watermark),
    firstResult: db.prepare(q.firstResult),
    rollup: db.prepare(q.rollup),
    record: db.prepare(q.recordWatermark),
    deleteResults: db.prepare(q.deleteResults),
    deleteOrphanScreenshots: db.prepare(q.deleteOrphanScreenshots),
    deleteRollups: db.prepare(q.deleteRollups),
  };
  const rollUpSpan = db.transaction((now: number, rules: RollupRules) => {
    const watermark = rules.parseWatermark((s.watermark.get() as { value: string } | undefined)?.value);
    const start = rules.start(now, watermark);
    if (start === null) return { through: watermark!.through, more: false, rows: 0 };
    const first = (s.firstResult.get(sqlTime(new Date(start))) as { first: string | null }).first;
    const span = rules.span(now, start, first === null ? null : Date.parse(first));
    const rows =
      span.to > span.from ? s.rollup.run(sqlTime(new Date(span.from)), sqlTime(new Date(span.to))).changes : 0;
    const through = Math.max(span.to, watermark?.through ?? span.to);
    const value: RollupWatermark = { through: new Date(through).toISOString(), at: new Date(now).toISOString() };
    s.record.run(JSON.stringify(value), sqlTime(new Date()));
    return { through, more: rules.more(through, now), rows };
  });
  return {
    rollUpSpan: async (now, rules) => rollUpSpan.immediate(now, rules),
    deleteCheckResults: async (cutoff, limit) => {
      const deleted = s.deleteResults.run(sqlTime(new Date(cutoff)), limit).changes;
      if (deleted > 0) s.deleteOrphanScreenshots.run(); // a deleted result's screenshot goes with it
      return deleted;
    },
    deleteCheckRollups: async (cutoff, limit) => s.deleteRollups.run(sqlTime(new Date(cutoff)), limit).changes,
  };
}
