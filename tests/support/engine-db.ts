import Database from "better-sqlite3";
import pg from "pg";

/**
 * One small async SQL interface over either engine, for tests. SQL is written once with `?`
 * placeholders (translated to `$1..$n` on PostgreSQL). Values come back in one form on both engines,
 * the form SQLite stores them in: timestamps as ISO text with `+00:00` and milliseconds
 * (`2027-01-01T10:00:00.000+00:00`), booleans as 0/1, counts as numbers. Parameters may be Dates and
 * booleans; they are written as each engine stores them.
 */
export interface EngineDb {
  kind: "sqlite" | "postgresql";
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
  /** Runs `work` in one transaction on one connection (BEGIN IMMEDIATE on SQLite). */
  transaction<T>(work: (tx: Pick<EngineDb, "query" | "one" | "run">) => Promise<T>): Promise<T>;
  /**
   * Holds the write lock on cron_monitors (SQLite: the database's write lock) until `release()`:
   * readers go on, writers wait.
   */
  holdWriteLock(): Promise<{ release: () => Promise<void> }>;
  close(): Promise<void>;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);
const sqliteTime = (d: Date) => d.toISOString().replace("Z", "+00:00");

export function openEngineDb(databaseUrl: string): EngineDb {
  return isPostgresUrl(databaseUrl) ? openPostgres(databaseUrl) : openSqliteDb(databaseUrl.replace(/^file:/, ""));
}

function openSqliteDb(file: string): EngineDb {
  const db = new Database(file, { timeout: 10_000, fileMustExist: true });
  db.pragma("journal_mode = WAL");
  const bind = (params: unknown[]) =>
    params.map((p) => (p instanceof Date ? sqliteTime(p) : typeof p === "boolean" ? (p ? 1 : 0) : p));
  const ops = {
    async query<T>(sql: string, params: unknown[] = []) {
      return db.prepare(sql).all(...bind(params)) as T[];
    },
    async one<T>(sql: string, params: unknown[] = []) {
      return db.prepare(sql).get(...bind(params)) as T | undefined;
    },
    async run(sql: string, params: unknown[] = []) {
      const stmt = db.prepare(sql);
      return stmt.reader ? stmt.all(...bind(params)).length : stmt.run(...bind(params)).changes;
    },
  };
  return {
    kind: "sqlite",
    ...ops,
    async transaction(work) {
      db.exec("BEGIN IMMEDIATE");
      try {
        const result = await work(ops);
        db.exec("COMMIT");
        return result;
      } catch (err) {
        db.exec("ROLLBACK");
        throw err;
      }
    },
    async holdWriteLock() {
      const locker = new Database(file, { timeout: 10_000, fileMustExist: true });
      locker.exec("BEGIN IMMEDIATE");
      return {
        release: async () => {
          locker.exec("COMMIT");
          locker.close();
        },
      };
    },
    async close() {
      db.close();
    },
  };
}

// timestamp(3) without time zone holds UTC: read it as such, in SQLite's text form.
const pgTypes = {
  getTypeParser(oid: number, format?: any) {
    if (oid === 1114) return (v: string) => sqliteTime(new Date(v.replace(" ", "T") + "Z"));
    if (oid === 1184) return (v: string) => sqliteTime(new Date(v));
    if (oid === 20) return (v: string) => Number(v);
    if (oid === 16) return (v: string) => (v === "t" ? 1 : 0);
    return pg.types.getTypeParser(oid, format);
  },
};

/** `?` placeholders to `$n`, outside quoted strings and identifiers. */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  let quote: string | null = null;
  let out = "";
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "?") {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

function openPostgres(url: string): EngineDb {
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    idleTimeoutMillis: 2000,
    allowExitOnIdle: true,
    types: pgTypes,
  });
  const bind = (params: unknown[]) => params.map((p) => (p instanceof Date ? p.toISOString() : p));
  const on = (q: pg.Pool | pg.PoolClient) => ({
    async query<T>(sql: string, params: unknown[] = []) {
      return (await q.query(numberPlaceholders(sql), bind(params))).rows as T[];
    },
    async one<T>(sql: string, params: unknown[] = []) {
      return (await q.query(numberPlaceholders(sql), bind(params))).rows[0] as T | undefined;
    },
    async run(sql: string, params: unknown[] = []) {
      return (await q.query(numberPlaceholders(sql), bind(params))).rowCount ?? 0;
    },
  });
  return {
    kind: "postgresql",
    ...on(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(on(client));
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async holdWriteLock() {
      const client = await pool.connect();
      await client.query("BEGIN");
      await client.query("LOCK TABLE cron_monitors IN EXCLUSIVE MODE");
      return {
        release: async () => {
          await client.query("COMMIT");
          client.release();
        },
      };
    },
    async close() {
      await pool.end();
    },
  };
}
