import { createRequire } from "node:module";
import type Database from "better-sqlite3";
import { env, sqlitePath } from "../../env";
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from "./checkpointer";
import { createSqlitePingStore } from "./sqlite-store";
import type { PingStore } from "./store";
import { createPgPingStore } from "../storage/postgres/ping-store";
import { pgPool } from "../storage/postgres/pool";

const requireModule = createRequire(import.meta.url);
const globalForPing = globalThis as unknown as { lifelinePingStore?: PingStore };

/** Opens the raw SQLite connection of the hot path: WAL, synchronous=NORMAL, 5 s busy timeout. */
export function openSqlite(file: string): Database.Database {
  const Sqlite = requireModule("better-sqlite3") as typeof Database;
  const db = new Sqlite(file, { timeout: 5000 });
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  return db;
}

/**
 * The ping path's connection: checkpoints run on their own thread (see checkpointer.ts), so a
 * commit only writes WAL frames; the connection checkpoints by itself only as a fallback.
 */
export function openPingConnection(file: string): Database.Database {
  const db = openSqlite(file);
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  startCheckpointer(file);
  return db;
}

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
