import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const requireModule = createRequire(import.meta.url);

/** How often the checkpointer copies the WAL back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;

/**
 * WAL pages after which a committing connection checkpoints by itself: the fallback, should the
 * checkpointer thread stop or fall behind (SQLite's default is 1,000, which a busy ingest reaches
 * every few hundred milliseconds).
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 16_384;

// Plain JavaScript, run as a worker thread: its own connection, a PASSIVE checkpoint on a timer.
// PASSIVE never takes the write lock and never waits, so writers go on while it copies pages and
// fsyncs; frames a reader still needs are left for the next round.
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const Sqlite = require(workerData.driver);
const db = new Sqlite(workerData.file, { timeout: 5000 });
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
setInterval(() => {
  try {
    checkpoint.run();
  } catch (err) {
    console.error(JSON.stringify({ level: "warn", where: "checkpointer", error: String((err && err.message) || err) }));
  }
}, workerData.intervalMs);
`;

/**
 * Runs SQLite's WAL checkpoints on a worker thread, off the ping path. A checkpoint copies the
 * WAL's pages back into the database file and fsyncs it; done inside a commit (SQLite's automatic
 * checkpoint), it stalls every ping waiting on that commit. The thread does not keep the process
 * alive.
 */
export function startCheckpointer(file: string, intervalMs = CHECKPOINT_INTERVAL_MS): Worker {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, intervalMs, driver: requireModule.resolve("better-sqlite3") },
  });
  worker.unref();
  worker.on("error", (err) => console.error(JSON.stringify({ level: "warn", where: "checkpointer", error: err.message })));
  return worker;
}
