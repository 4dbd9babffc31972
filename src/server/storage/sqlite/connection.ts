import { createRequire } from "node:module";
import type Database from "better-sqlite3";
import { FALLBACK_AUTOCHECKPOINT_PAGES } from "./checkpointer";

const requireModule = createRequire(import.meta.url);

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
 * The web process's writer (the ping path's connection): the sweeper process checkpoints the WAL
 * (see checkpointer.ts), so a commit only writes WAL frames; the writer checkpoints by itself only
 * past the fallback threshold, when no sweeper runs or it falls behind.
 */
export function openPingConnection(file: string): Database.Database {
  const db = openSqlite(file);
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  return db;
}
