import { env, sqlitePath } from "../../env";
import type { PingStore } from "./store";
import { createPgPingStore } from "../storage/postgres/ping-store";
import { pgPool } from "../storage/postgres/pool";
import { openPingConnection } from "../storage/sqlite/connection";
import { createSqlitePingStore } from "../storage/sqlite/ping-store";

const globalForPing = globalThis as unknown as { lifelinePingStore?: PingStore };

/** The process's ping store, on the configured database. */
export function pingStore(): PingStore {
  if (!globalForPing.lifelinePingStore) {
    const config = env();
    globalForPing.lifelinePingStore =
      config.databaseKind === "postgresql"
        ? createPgPingStore(pgPool(config.databaseUrl))
        : createSqlitePingStore(openPingConnection(sqlitePath(config.databaseUrl, config.dataDir)));
  }
  return globalForPing.lifelinePingStore;
}
