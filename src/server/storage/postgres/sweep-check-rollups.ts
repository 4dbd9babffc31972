import type { Pool } from "pg";
import type { RollupWatermark } from "../../domain/check-metrics";
import type { RollupRules, SweepSteps } from "../sweep-storage";
import { metricsSql } from "../check-metrics-sql";
import { POSTGRES } from "../dialect";
import { inTransaction, pgTime, run } from "./pool";

/** `?` placeholders as `$1, $2, …` (the shared SQL of check-metrics-sql.ts). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const q = Object.fromEntries(Object.entries(metricsSql(POSTGRES)).map(([k, v]) => [k, numbered(v)])) as ReturnType<
  typeof metricsSql
>;

/** The transaction-level advisory lock that lets one sweeper at a time roll up (the others skip the step). */
const ROLLUP_LOCK = `SELECT pg_try_advisory_xact_lock(727274101) AS locked`;

/**
 * Check rollups' statements on PostgreSQL (the loop and its budget: sweep/retention.ts). Each span of
 * at most 48 hours is rolled up with the watermark it moves in one transaction, under a
 * transaction-level advisory lock: with several sweepers, one rolls up and the others skip the step
 * (the next sweep does it again anyway). Retention deletes in batches, each its own statement; two
 * sweepers deleting at once simply find fewer rows.
 */
export function checkRollupSteps(
  pool: Pool,
): Pick<SweepSteps, "rollUpSpan" | "deleteCheckResults" | "deleteCheckRollups"> {
  return {
    rollUpSpan: (now, rules) => rollUpSpan(pool, rules, now),
    deleteCheckResults: async (cutoff, limit) => {
      const deleted = await deleteBatch(pool, "rollup_delete_results", q.deleteResults, cutoff, limit);
      // A deleted result's screenshot goes with it.
      if (deleted > 0) await pool.query({ name: "rollup_delete_screenshots", text: q.deleteOrphanScreenshots });
      return deleted;
    },
    deleteCheckRollups: (cutoff, limit) => deleteBatch(pool, "rollup_delete_rollups", q.deleteRollups, cutoff, limit),
  };
}

async function rollUpSpan(
  pool: Pool,
  rules: RollupRules,
  now: number,
): Promise<{ through: number | null; more: boolean; rows: number }> {
  return inTransaction(pool, async (client) => {
    const [lock] = await run<{ locked: boolean }>(client, "rollup_lock", ROLLUP_LOCK, []);
    const [row] = await run<{ value: string }>(client, "rollup_watermark", q.watermark, []);
    const watermark = rules.parseWatermark(row?.value);
    if (!lock?.locked) return { through: watermark?.through ?? null, more: false, rows: 0 };
    const start = rules.start(now, watermark);
    if (start === null) return { through: watermark!.through, more: false, rows: 0 };
    const [firstRow] = await run<{ first: string | null }>(client, "rollup_first_result", q.firstResult, [
      pgTime(new Date(start)),
    ]);
    const first = firstRow?.first ?? null;
    const span = rules.span(now, start, first === null ? null : Date.parse(first));
    let rows = 0;
    if (span.to > span.from) {
      rows =
        (
          await client.query({
            name: "rollup_hours",
            text: q.rollup,
            values: [pgTime(new Date(span.from)), pgTime(new Date(span.to))],
          })
        ).rowCount ?? 0;
    }
    const through = Math.max(span.to, watermark?.through ?? span.to);
    const value: RollupWatermark = { through: new Date(through).toISOString(), at: new Date(now).toISOString() };
    await run(client, "rollup_record", q.recordWatermark, [JSON.stringify(value), pgTime(new Date())]);
    return { through, more: rules.more(through, now), rows };
  });
}

async function deleteBatch(pool: Pool, name: string, text: string, cutoff: number, limit: number): Promise<number> {
  return (await pool.query({ name, text, values: [pgTime(new Date(cutoff)), limit] })).rowCount ?? 0;
}
