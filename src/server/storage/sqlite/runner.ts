import type Database from "better-sqlite3";
import type { ArrayReader, SqlRunner } from "../runner";

/** Timestamps are stored the way Prisma's SQLite adapter stores them, so both read each other's. */
const sqlTime = (d: Date) => d.toISOString().replace("Z", "+00:00");

/** A parameter as this runner writes it (a Date as Prisma stores it, a boolean as 0/1). */
export const sqlParam = (v: unknown) => (v instanceof Date ? sqlTime(v) : typeof v === "boolean" ? (v ? 1 : 0) : v);

/** The SQLite SqlRunner on a better-sqlite3 connection, its statements prepared once. */
export function sqliteRunner(db: Database.Database): SqlRunner {
  const prepared = new Map<string, Database.Statement>();
  const statement = (sql: string) => {
    let s = prepared.get(sql);
    if (!s) prepared.set(sql, (s = db.prepare(sql)));
    return s;
  };
  return {
    kind: "sqlite",
    all: async <T>(sql: string, params: unknown[] = []) => statement(sql).all(...params.map(sqlParam)) as T[],
    get: async <T>(sql: string, params: unknown[] = []) => statement(sql).get(...params.map(sqlParam)) as T | undefined,
    run: async (sql, params = []) => statement(sql).run(...params.map(sqlParam)).changes,
  };
}

/** An ArrayReader on a better-sqlite3 connection, its statements prepared once in raw mode. */
export function sqliteArrayReader(db: Database.Database): ArrayReader {
  const prepared = new Map<string, Database.Statement>();
  return async <T extends unknown[]>(sql: string, params: unknown[] = []) => {
    let s = prepared.get(sql);
    if (!s) prepared.set(sql, (s = db.prepare(sql).raw(true)));
    return s.all(...params.map(sqlParam)) as T[];
  };
}
