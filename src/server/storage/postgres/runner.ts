import crypto from "node:crypto";
import type { Pool, QueryArrayConfig } from "pg";
import type { ArrayReader, SqlAccess, SqlRunner } from "../runner";
import { inTransaction } from "./pool";

const param = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** `?` placeholders as PostgreSQL's `$1, $2, …`, and a stable statement name for the text. */
function translate(sql: string): { name: string; text: string } {
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  return { name: `r_${crypto.createHash("sha1").update(text).digest("hex").slice(0, 16)}`, text };
}

/** The PostgreSQL SqlRunner on a pool, each statement prepared once per connection (by name). */
export function pgRunner(pool: Pick<Pool, "query">): SqlRunner {
  const translated = new Map<string, { name: string; text: string }>();
  const query = async <T>(sql: string, params: unknown[]) => {
    let t = translated.get(sql);
    if (!t) translated.set(sql, (t = translate(sql)));
    return pool.query({ name: t.name, text: t.text, values: params.map(param) }) as unknown as Promise<{
      rows: T[];
      rowCount: number | null;
    }>;
  };
  return {
    kind: "postgresql",
    all: async <T>(sql: string, params: unknown[] = []) => (await query<T>(sql, params)).rows,
    get: async <T>(sql: string, params: unknown[] = []) => (await query<T>(sql, params)).rows[0],
    run: async (sql, params = []) => (await query(sql, params)).rowCount ?? 0,
  };
}

/** An ArrayReader on a pool (array row mode), each statement prepared once per connection by the same name as pgRunner's. */
export function pgArrayReader(pool: Pick<Pool, "query">): ArrayReader {
  const translated = new Map<string, { name: string; text: string }>();
  return async <T extends unknown[]>(sql: string, params: unknown[] = []) => {
    let t = translated.get(sql);
    if (!t) translated.set(sql, (t = translate(sql)));
    const config: QueryArrayConfig = { name: t.name, text: t.text, values: params.map(param), rowMode: "array" };
    return (await pool.query(config)).rows as T[];
  };
}

/** Multi-statement work on the pool: reads on any connection, each write transaction on one of its own. */
export function pgAccess(pool: Pool): SqlAccess {
  const sql = pgRunner(pool);
  return {
    read: (work) => work(sql),
    transact: (work) => inTransaction(pool, (client) => work(pgRunner(client))),
  };
}
