import { env, sqlitePath } from "../../env";
import { metricsSql, dialectOf, type Dialect, type MetricsSql } from "./check-metrics-sql";
import { pgPool } from "./postgres/pool";
import { pgArrayReader, pgRunner } from "./postgres/runner";
import type { ArrayReader, SqlRunner } from "./runner";
import { openApiConnection } from "./sqlite/api-store";
import { sqliteArrayReader, sqliteRunner } from "./sqlite/runner";

/**
 * The metrics reads' SQL on the configured engine: the statements of check-metrics-sql.ts through a
 * SqlRunner (prepared once per connection). SQLite: a kept connection of its own (WAL: readers never
 * wait for the writers); PostgreSQL: the process's pool.
 */
/** `arrays`: the same connection (or pool), rows as arrays, for reads of thousands of rows. */
export type MetricsStore = { sql: SqlRunner; arrays: ArrayReader; d: Dialect; q: MetricsSql };

const globalForMetrics = globalThis as unknown as { lifelineMetricsStore?: MetricsStore };

export function metricsStore(): MetricsStore {
  if (!globalForMetrics.lifelineMetricsStore) {
    const config = env();
    let sql: SqlRunner, arrays: ArrayReader;
    if (config.databaseKind === "postgresql") {
      const pool = pgPool(config.databaseUrl);
      [sql, arrays] = [pgRunner(pool), pgArrayReader(pool)];
    } else {
      const db = openApiConnection(sqlitePath(config.databaseUrl, config.dataDir));
      [sql, arrays] = [sqliteRunner(db), sqliteArrayReader(db)];
    }
    const d = dialectOf(sql.kind);
    globalForMetrics.lifelineMetricsStore = { sql, arrays, d, q: metricsSql(d) };
  }
  return globalForMetrics.lifelineMetricsStore;
}
