import fs from "node:fs";
import type Database from "better-sqlite3";
import type { WorkerState } from "../../domain/workers";
import type { WalCheckpointer } from "../sweep-storage";

/** How often a looping sweeper copies the WAL back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;

/**
 * WAL pages after which the web process's writer checkpoints by itself: the fallback, should no
 * sweeper run or it fall behind (SQLite's default is 1,000, which a busy ingest reaches every few
 * hundred milliseconds), so the WAL cannot grow without bound.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 16_384;

/**
 * WAL file size above which a round that finds every frame copied truncates the file. SQLite reuses
 * the WAL from its start after a complete checkpoint but never shrinks it, so a burst would leave it
 * at its high-water mark for good.
 */
export const WAL_TRUNCATE_BYTES = 8 * 1024 * 1024;

type CheckpointRow = { busy: number; log: number; checkpointed: number };

/**
 * SQLite's WAL checkpoints, run by the sweeper process on its own connection: a checkpoint copies
 * the WAL's pages back into the database file and fsyncs it, and done inside a commit (SQLite's
 * automatic checkpoint) it stalls every ping waiting on that commit. Running it in the sweeper keeps
 * it off the ping path without a connection of its own in the web process. PASSIVE never takes the
 * write lock and never waits, so writers go on while it copies; frames a reader still needs are left
 * for the next round. A round is skipped while the sweeper's own transaction is open (SQLite refuses
 * a checkpoint inside it). A round that finds every frame copied, the file over WAL_TRUNCATE_BYTES and
 * the writers idle (no commit since the last round, by `data_version`) truncates it (TRUNCATE, with no
 * busy wait: it takes the write lock only when no writer holds it and no reader is in the WAL, else
 * the next round tries again), so the WAL returns to a small size once a burst ends. Under load it
 * never truncates: holding the write lock for the truncation would make the next commit wait on
 * its busy timeout, and the WAL, reused from its start, grows no further. A failure is a warning
 * line and a `failed` state until a round succeeds.
 */
export function walCheckpointer(db: Database.Database, log: (line: object) => void): WalCheckpointer {
  const passive = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  const truncate = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)");
  const dataVersion = db.prepare("PRAGMA data_version").pluck();
  let versionSeen: unknown = null; // the other connections' commits as of the last round
  const walFile = `${db.name}-wal`;
  const walBytes = () => {
    try {
      return fs.statSync(walFile).size;
    } catch {
      return 0; // no WAL file (yet)
    }
  };
  const truncateIdle = () => {
    const wait = db.pragma("busy_timeout", { simple: true }) as number;
    db.pragma("busy_timeout = 0");
    try {
      truncate.get();
    } finally {
      db.pragma(`busy_timeout = ${wait}`);
    }
  };
  let state: WorkerState = { state: "starting" };
  let timer: NodeJS.Timeout | undefined;
  const checkpoint = () => {
    if (db.inTransaction) return;
    try {
      const round = passive.get() as CheckpointRow;
      const version = dataVersion.get();
      const writersIdle = version === versionSeen;
      versionSeen = version;
      if (writersIdle && round.busy === 0 && round.log === round.checkpointed && walBytes() > WAL_TRUNCATE_BYTES)
        truncateIdle();
      state = { state: "running" };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (state.error !== error) log({ level: "warn", where: "checkpointer", error });
      state = { state: "failed", error };
    }
  };
  return {
    checkpoint,
    start(intervalMs = CHECKPOINT_INTERVAL_MS) {
      checkpoint();
      timer = setInterval(checkpoint, intervalMs);
      timer.unref(); // the sweeper's loop keeps the process alive, not its checkpoints
      log({ level: "info", where: "checkpointer", event: "started", interval_ms: intervalMs });
    },
    stop: () => clearInterval(timer),
    state: () => state,
  };
}
