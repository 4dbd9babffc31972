import { sqlitePath, type Env } from "../../env";
import type { Sweeper } from "../sweep/sweep";
import { openSqlite } from "./sqlite/connection";
import { createSweeper } from "./sqlite/sweeper";
import { createPgSweeper } from "./postgres/sweeper";
import { openPgPool } from "./postgres/pool";
import { pgRunner } from "./postgres/runner";
import type { SqlRunner } from "./runner";
import { sqliteRunner } from "./sqlite/runner";

/** What a sweeper process works through: its sweeper and the delivery's SQL, on the configured engine. */
export type SweepStorage = { sweeper: Sweeper; sql: SqlRunner; close(): Promise<void> };

export function openSweepStorage(config: Pick<Env, "databaseKind" | "databaseUrl" | "dataDir"> & Partial<Pick<Env, "checkResultRetentionDays">>, log: (line: object) => void): SweepStorage {
  const options = { checkResultRetentionDays: config.checkResultRetentionDays };
  if (config.databaseKind === "postgresql") {
    const pool = openPgPool(config.databaseUrl, 4);
    return { sweeper: createPgSweeper(pool, log, options), sql: pgRunner(pool), close: () => pool.end() };
  }
  const db = openSqlite(sqlitePath(config.databaseUrl, config.dataDir));
  return { sweeper: createSweeper(db, log, options), sql: sqliteRunner(db), close: async () => void db.close() };
}
