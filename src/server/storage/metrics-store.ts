import type { Dialect, MetricsSql } from "./check-metrics-sql";
import type { ArrayReader, SqlRunner } from "./runner";

/**
 * The metrics reads' SQL on the process's connections (storage/engine.ts): the statements of
 * check-metrics-sql.ts through a SqlRunner (prepared once per connection). `arrays`: the same
 * connection (or pool), rows as arrays, for reads of thousands of rows.
 */
export type MetricsStore = { sql: SqlRunner; arrays: ArrayReader; d: Dialect; q: MetricsSql };
