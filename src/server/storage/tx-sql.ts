import { processConnections } from "./engine";
import type { SqlRunner } from "./runner";
import { sqlParam } from "./sqlite/runner";

/** What of a Prisma transaction client the raw statements need. */
type RawClient = {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
};

/**
 * A SqlRunner inside an interactive Prisma transaction (the rare writes of the API rooms: a service
 * edit, a member's probe right withdrawn), so that they execute their incident plans with the same
 * statements as the hot paths (incident-executor.ts) in their own transaction. `?` placeholders;
 * parameters as sqlite/runner.ts and postgres/runner.ts write them (Prisma formats a Date as UTC on
 * PostgreSQL).
 */
export function txSql(tx: RawClient): SqlRunner {
  const kind = processConnections().kind;
  const text = (sql: string) => (kind === "sqlite" ? sql : numbered(sql));
  const values = (params: unknown[]) => (kind === "sqlite" ? params.map(sqlParam) : params);
  const all = <T>(sql: string, params: unknown[] = []) => tx.$queryRawUnsafe<T[]>(text(sql), ...values(params));
  return {
    kind,
    all,
    get: async <T>(sql: string, params: unknown[] = []) => (await all<T>(sql, params))[0],
    run: (sql, params = []) => tx.$executeRawUnsafe(text(sql), ...values(params)),
  };
}

function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
