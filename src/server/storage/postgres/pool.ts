import { createRequire } from "node:module";
import type { Pool, PoolClient, QueryResultRow } from "pg";
import { watchPool } from "../../observability/operator-metrics";

const requireModule = createRequire(import.meta.url);

/** Every pool is watched by the operator metrics (lifeline_db_pool_connections). */
const watched = (pool: Pool) => (watchPool(pool), pool);

/** PostgreSQL's OID for `timestamp` (without time zone), the type of every Prisma DateTime column. */
const TIMESTAMP_OID = 1114;

/**
 * A `pg` pool for the raw statements of the hot paths (ping store, sweeper, delivery). Timestamps
 * (Prisma's `timestamp(3)`, UTC without a zone) come back as ISO strings with `Z` and go in as ISO
 * strings, so no value depends on the process's time zone.
 */
export function openPgPool(databaseUrl: string, max = 10): Pool {
  const pg = requireModule("pg") as typeof import("pg");
  return watched(
    new pg.Pool({
      connectionString: databaseUrl,
      max,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === TIMESTAMP_OID
            ? (v: string) => `${v.replace(" ", "T")}Z`
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    }),
  );
}

/** A timestamp parameter: UTC, as PostgreSQL's `timestamp` reads it. */
export const pgTime = (d: Date) => d.toISOString();

/** A named (prepared once per connection) statement. */
export async function run<R extends QueryResultRow>(
  client: Pool | PoolClient,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  return (await client.query<R>({ name, text, values })).rows;
}

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction may simply be run again. */
const TRANSIENT = new Set(["40P01", "40001"]);

/**
 * Runs `work` in one transaction on one connection of the pool. A transaction PostgreSQL aborted as
 * a deadlock victim (two sweepers meeting on the same rows in different orders) is run again, up to
 * three times in all; every other error is the caller's.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactionOnce(pool, work);
    } catch (err) {
      if (attempt >= 3 || !TRANSIENT.has((err as { code?: string }).code ?? "")) throw err;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * attempt));
    }
  }
}

async function transactionOnce<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
