import type { MetricsSql } from "./check-metrics-sql";
import type { OrgMetricsSql } from "./org-metrics-sql";
import type { ArrayReader, SqlRunner } from "./runner";

/**
 * The metrics reads' SQL on the process's connections (storage/engine.ts): the statements of
 * check-metrics-sql.ts (`q`) and org-metrics-sql.ts (`org`), written for the process's engine,
 * through a SqlRunner (prepared once per connection). `arrays`: the same connection (or pool), rows
 * as arrays, for reads of thousands of rows. `ids`: a list of ids as the one parameter the
 * statements' `IN` lists take (dialect.ts `idsParam`).
 */
export type MetricsStore = {
  sql: SqlRunner;
  arrays: ArrayReader;
  q: MetricsSql;
  org: OrgMetricsSql;
  ids(ids: number[]): unknown;
};
