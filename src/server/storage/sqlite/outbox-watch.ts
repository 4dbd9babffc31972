import type Database from "better-sqlite3";

/** How often a SQLite delivery worker looks for outbox rows written by other processes. */
export const OUTBOX_POLL_MS = 250;

/**
 * Calls `onNew` when another process (the web app's pings and probe results) has committed outbox
 * rows: SQLite has no notifications between processes, so the newest outbox id is read every
 * 250 ms (one lookup at the end of the primary key).
 */
export function watchSqliteOutbox(db: Database.Database, onNew: () => void, log: (line: object) => void) {
  const newest = db.prepare(`SELECT max(id) AS id FROM outbox`);
  const read = () => (newest.get() as { id: number | null }).id ?? 0;
  let seen = read();
  const timer = setInterval(() => {
    try {
      const id = read();
      if (id > seen) {
        seen = id;
        onNew();
      }
    } catch (err) {
      log({ level: "error", event: "outbox.watch_failed", error: err instanceof Error ? err.message : String(err) });
    }
  }, OUTBOX_POLL_MS);
  return { close: async () => clearInterval(timer) };
}
