import { sqlitePath, type Env } from "../../env";
import type { NextDeadline } from "../sweep/deadlines";
import type { Sweeper } from "../sweep/sweep";
import { openSqlite } from "./sqlite/connection";
import { watchSqliteOutbox } from "./sqlite/outbox-watch";
import { sqliteNextDeadline } from "./sqlite/sweep-deadline";
import { createSweeper } from "./sqlite/sweeper";
import { watchPgOutbox } from "./postgres/outbox-watch";
import { createPgSweeper } from "./postgres/sweeper";
import { openPgPool } from "./postgres/pool";
import { pgRunner } from "./postgres/runner";
import { pgNextDeadline } from "./postgres/sweep-deadline";
import type { SqlRunner } from "./runner";
import { sqliteRunner } from "./sqlite/runner";

/**
 * What a sweeper process works through, on the configured engine: its sweeper, the next deadline,
 * the delivery's SQL, and a watch that calls back when other processes commit outbox rows
 * (PostgreSQL: LISTEN/NOTIFY; SQLite: a 250 ms poll).
 */
export type SweepStorage = {
  sweeper: Sweeper;
  nextDeadline: NextDeadline;
  sql: SqlRunner;
  watchOutbox(onNew: () => void): { close(): Promise<void> };
  close(): Promise<void>;
};

export function openSweepStorage(config: Pick<Env, "databaseKind" | "databaseUrl" | "dataDir"> & Partial<Pick<Env, "checkResultRetentionDays">>, log: (line: object) => void): SweepStorage {
  const options = { checkResultRetentionDays: config.checkResultRetentionDays };
  if (config.databaseKind === "postgresql") {
    // One connection stays on LISTEN; the sweep and the delivery share the others.
    const pool = openPgPool(config.databaseUrl, 6);
    return {
      sweeper: createPgSweeper(pool, log, options),
      nextDeadline: pgNextDeadline(pool),
      sql: pgRunner(pool),
      watchOutbox: (onNew) => watchPgOutbox(pool, onNew, log),
      close: () => pool.end(),
    };
  }
  const db = openSqlite(sqlitePath(config.databaseUrl, config.dataDir));
  return {
    sweeper: createSweeper(db, log, options),
    nextDeadline: sqliteNextDeadline(db),
    sql: sqliteRunner(db),
    watchOutbox: (onNew) => watchSqliteOutbox(db, onNew, log),
    close: async () => void db.close(),
  };
}
