import type { Engine } from "./dialect";

/**
 * Raw SQL for code that runs the same statements on both engines (notification delivery): `?`
 * placeholders; Date parameters are written as each engine stores Prisma's DateTime, booleans as
 * each engine stores them. Rows come back as the driver gives them: read booleans with `!!` and
 * timestamps with `new Date()` (SQLite: ISO text with +00:00; PostgreSQL: ISO text with Z).
 * Statements are prepared once per connection. Implementations: sqlite/runner.ts, postgres/runner.ts.
 */
export interface SqlRunner {
  readonly kind: Engine;
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  get<T>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs a write; resolves to the number of rows it changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
}

/**
 * Reads rows as arrays of their columns in the statement's order (no object per row: for reads of
 * thousands of rows); `?` placeholders and parameters as SqlRunner's.
 */
export type ArrayReader = <T extends unknown[]>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Runs work in one write transaction, rolled back when it throws. */
export type Transact = <T>(work: (sql: SqlRunner) => Promise<T>) => Promise<T>;

/**
 * Multi-statement work on a process's connections: `read` runs work outside any transaction,
 * `transact` in one write transaction. On SQLite both take turns on the one writer
 * (sqlite/writer-turns.ts), so a caller's awaits never let another's statements into its transaction.
 */
export type SqlAccess = { read: Transact; transact: Transact };
