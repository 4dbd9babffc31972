import { env, sqlitePath } from "../../env";
import { createPgCheckStore, createSqliteCheckStore, type CheckStore } from "./check-store";
import { pgPool } from "./postgres/pool";
import { openSqlite } from "./sqlite/connection";

const globalForChecks = globalThis as unknown as { lifelineCheckStore?: CheckStore };

/** The process's check store (probe leases and results), on the configured database. */
export function checkStore(): CheckStore {
  if (!globalForChecks.lifelineCheckStore) {
    const config = env();
    globalForChecks.lifelineCheckStore =
      config.databaseKind === "postgresql"
        ? createPgCheckStore(pgPool(config.databaseUrl))
        : createSqliteCheckStore(openSqlite(sqlitePath(config.databaseUrl, config.dataDir)));
  }
  return globalForChecks.lifelineCheckStore;
}
