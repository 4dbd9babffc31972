import type Database from "better-sqlite3";
import type { SqlAccess, Transact } from "../runner";
import { immediateTransaction } from "./immediate";
import { sqliteRunner } from "./runner";

const turns = new WeakMap<Database.Database, SqlAccess>();

/**
 * Multi-statement work on a shared SQLite connection (a web process's writer), one caller at a
 * time: later callers wait their turn, so the work's awaits never let another caller's statements
 * into a transaction. Every user of the connection's multi-statement work takes the same turns (the
 * check store, the release of an object's held incidents); the ping store's group commit is one
 * synchronous transaction and needs none.
 */
export function writerTurns(db: Database.Database): SqlAccess {
  const known = turns.get(db);
  if (known) return known;
  const sql = sqliteRunner(db);
  let queue: Promise<unknown> = Promise.resolve();
  const read: Transact = (work) => {
    const turn = queue.then(() => work(sql));
    queue = turn.catch(() => undefined);
    return turn;
  };
  const immediate = immediateTransaction(db, sql);
  const access: SqlAccess = { read, transact: (work) => read(() => immediate(work)) };
  turns.set(db, access);
  return access;
}
