import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { PrismaClient as PgPrismaClient } from "../generated/prisma-pg/client";
import { env, isPostgresUrl, sqlitePath } from "../env";

/**
 * The Prisma client, with the driver adapter chosen from DATABASE_URL. One per process.
 * Prisma fixes the provider when a client is generated, so there is one generated client per
 * database (scripts/db-generate.mjs) from the same models: their APIs are the same, and the rest of
 * the code sees one type.
 */
const globalForDb = globalThis as unknown as { lifelineDb?: PrismaClient };

export function createDb(databaseUrl = env().databaseUrl): PrismaClient {
  if (isPostgresUrl(databaseUrl)) {
    const client = new PgPrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }) });
    return client as unknown as PrismaClient;
  }
  const adapter = new PrismaBetterSQLite3({ url: sqlitePath(databaseUrl, env().dataDir), timeout: 5000 });
  return new PrismaClient({ adapter });
}

export function db(): PrismaClient {
  if (!globalForDb.lifelineDb) globalForDb.lifelineDb = createDb();
  return globalForDb.lifelineDb;
}

export type Db = PrismaClient;
