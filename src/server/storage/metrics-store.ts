import { env, sqlitePath } from "../../env";
import { metricsSql, dialectOf, type Dialect, type MetricsSql } from "./check-metrics-sql";
import { pgPool } from "./postgres/pool";
import { pgRunner } from "./postgres/runner";
import type { SqlRunner } from "./runner";
import { openApiConnection } from "./sqlite/api-store";
import { sqliteRunner } from "./sqlite/runner";

/**
 * The metrics reads' SQL on the configured engine: the statements of check-metrics-sql.ts through a
 * SqlRunner (prepared once per connection). SQLite: a kept connection of its own (WAL: readers never
 * wait for the writers); PostgreSQL: the process's pool.
 */
export type MetricsStore = { sql: SqlRunner; d: Dialect; q: MetricsSql };

const globalForMetrics = globalThis as unknown as { lifelineMetricsStore?: MetricsStore };

export function metricsStore(): MetricsStore {
  if (!globalForMetrics.lifelineMetricsStore) {
    const config = env();
    const sql =
      config.databaseKind === "postgresql"
        ? pgRunner(pgPool(config.databaseUrl))
        : sqliteRunner(openApiConnection(sqlitePath(config.databaseUrl, config.dataDir)));
    const d = dialectOf(sql.kind);
    globalForMetrics.lifelineMetricsStore = { sql, d, q: metricsSql(d) };
  }
  return globalForMetrics.lifelineMetricsStore;
}
