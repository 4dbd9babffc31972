import type Database from "better-sqlite3";
import type { RollupWatermark } from "../../domain/check-metrics";
import type { RollupRules } from "../sweep-storage";
import type { SweepCounts } from "../../../shared/sweep-counts";
import { metricsSql } from "../check-metrics-sql";
import { SQLITE } from "../dialect";
import { sqlTime } from "./ping-statements";

/** Rows deleted per statement, and statements per table per sweep: a backlog is worked off over several sweeps. */
const BATCH = 5000;
const MAX_BATCHES = 20;

/**
 * Check rollups and their retention (docs/api-probes.md, "Metrics and errors"), on the sweeper's
 * SQLite connection: the closed hours since the watermark (and the two before it, for late results)
 * rolled up again, each span of at most 48 hours in one `BEGIN IMMEDIATE` transaction with the
 * watermark it moves, until caught up (or 2 s have passed); then raw results older than the retention
 * (never ones not rolled up yet) and rollups older than 400 days, in batches.
 */
export function prepareCheckRollups(db: Database.Database, rules: RollupRules) {
  const q = metricsSql(SQLITE);
  const s = {
    watermark: db.prepare(q.watermark),
    firstResult: db.prepare(q.firstResult),
    rollup: db.prepare(q.rollup),
    record: db.prepare(q.recordWatermark),
    deleteResults: db.prepare(q.deleteResults),
    deleteRollups: db.prepare(q.deleteRollups),
  };
  /** One span; resolves to the watermark afterwards and whether there is more to do. */
  const rollUpSpan = db.transaction((now: number, counts: SweepCounts): { through: number | null; more: boolean } => {
    const watermark = rules.parseWatermark((s.watermark.get() as { value: string } | undefined)?.value);
    const start = rules.start(now, watermark);
    if (start === null) return { through: watermark!.through, more: false };
    const first = (s.firstResult.get(sqlTime(new Date(start))) as { first: string | null }).first;
    const span = rules.span(now, start, first === null ? null : Date.parse(first));
    if (span.to > span.from)
      counts.rollup_rows += s.rollup.run(sqlTime(new Date(span.from)), sqlTime(new Date(span.to))).changes;
    const through = Math.max(span.to, watermark?.through ?? span.to);
    const value: RollupWatermark = { through: new Date(through).toISOString(), at: new Date(now).toISOString() };
    s.record.run(JSON.stringify(value), sqlTime(new Date()));
    return { through, more: rules.more(through, now) };
  });

  return (now: Date, counts: SweepCounts) => {
    const started = performance.now();
    let step = rollUpSpan.immediate(now.getTime(), counts);
    while (step.more && performance.now() - started < rules.budgetMs)
      step = rollUpSpan.immediate(now.getTime(), counts);
    const rawCutoff = rules.rawDeleteCutoff(now.getTime(), step.through);
    if (rawCutoff !== null) counts.results_deleted += batches(s.deleteResults, sqlTime(new Date(rawCutoff)));
    counts.rollups_deleted += batches(s.deleteRollups, sqlTime(new Date(rules.rollupDeleteCutoff(now.getTime()))));
  };
}

function batches(statement: Database.Statement, cutoff: string): number {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const deleted = statement.run(cutoff, BATCH).changes;
    total += deleted;
    if (deleted < BATCH) break;
  }
  return total;
}
