import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { env, sqlitePath } from "../env";

/** The Prisma client, with the driver adapter chosen from DATABASE_URL. One per process. */
const globalForDb = globalThis as unknown as { lifelineDb?: PrismaClient };

export function createDb(databaseUrl = env().databaseUrl): PrismaClient {
  const adapter = /^postgres(ql)?:\/\//.test(databaseUrl)
    ? new PrismaPg({ connectionString: databaseUrl })
    : // Timestamps are stored as ISO 8601 text, the format the raw SQL of the ping path, the sweeper and
      // the list reads compares with: stated here, not left to the adapter's default.
      new PrismaBetterSQLite3({ url: sqlitePath(databaseUrl, env().dataDir), timeout: 5000 }, { timestampFormat: "iso8601" });
  return new PrismaClient({ adapter });
}

export function db(): PrismaClient {
  if (!globalForDb.lifelineDb) globalForDb.lifelineDb = createDb();
  return globalForDb.lifelineDb;
}

export type Db = PrismaClient;
