import { inject } from "vitest";
import { openEngineDb, type EngineDb } from "./engine-db";

/**
 * The test server's real database (SQLite file or PostgreSQL, whichever the integration project
 * started Lifeline on), for seeding state no endpoint produces and for asserting stored state.
 * One connection per test file, opened on first use. See engine-db.ts for how values are normalized.
 */
let shared: EngineDb | null = null;

export const databaseUrl = () => inject("databaseUrl");
export const databaseKind = (): "sqlite" | "postgresql" =>
  /^postgres(ql)?:\/\//.test(databaseUrl()) ? "postgresql" : "sqlite";

export function testDb(): EngineDb {
  shared ??= openEngineDb(databaseUrl());
  return shared;
}

/** A second, separate connection (for interleaving two writers); the caller closes it. */
export function newTestDb(): EngineDb {
  return openEngineDb(databaseUrl());
}

/** Rows of a query on the server's database (`?` placeholders). */
export const rows = <T = Record<string, any>>(sql: string, ...params: unknown[]): Promise<T[]> =>
  testDb().query<T>(sql, params);

/** A timestamp as SQLite stores it (and as testDb() returns PostgreSQL's timestamps). */
export const dbTime = (date: Date) => date.toISOString().replace("Z", "+00:00");

/**
 * The environment a process needs to use the test server's database: DATA_DIR always (the server's
 * secret lives there), DATABASE_URL on PostgreSQL.
 */
export function databaseEnv(): Record<string, string> {
  const env: Record<string, string> = { DATA_DIR: inject("dataDir") };
  if (databaseKind() === "postgresql") env.DATABASE_URL = databaseUrl();
  return env;
}

export type { EngineDb };
