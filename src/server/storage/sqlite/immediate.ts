import type Database from "better-sqlite3";
import type { SqlRunner } from "../runner";

/**
 * A transaction on one SQLite connection that takes the write lock first (`BEGIN IMMEDIATE`), so two
 * writers never deadlock on an upgrade; rolled back when `work` throws.
 */
export function immediateTransaction(db: Database.Database, sql: SqlRunner) {
  return async <T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> => {
    db.exec("BEGIN IMMEDIATE");
    try {
      const result = await work(sql);
      db.exec("COMMIT");
      return result;
    } catch (err) {
      if (db.inTransaction) db.exec("ROLLBACK");
      throw err;
    }
  };
}
