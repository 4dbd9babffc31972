import type { Dialect, MetricsSql } from "./check-metrics-sql";
import type { SqlRunner } from "./runner";

export { dialectOf, metricsSql } from "./check-metrics-sql";

/**
 * The metrics reads' SQL on the process's connections (storage/engine.ts): the statements of
 * check-metrics-sql.ts through a SqlRunner (prepared once per connection).
 */
export type MetricsStore = { sql: SqlRunner; d: Dialect; q: MetricsSql };
