import { logger } from "../../observability/log";
import path from "node:path";
import { Worker } from "node:worker_threads";

/** How often the checkpointer copies the WAL back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;

/**
 * WAL pages after which a committing connection checkpoints by itself: the fallback, should the
 * checkpointer thread stop or fall behind (SQLite's default is 1,000, which a busy ingest reaches
 * every few hundred milliseconds).
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 16_384;

/** What a background worker of this process is doing, as GET /api/v1/status reports it. */
export type WorkerState = { state: "starting" | "running" | "failed" | "not_started"; error?: string };

const globalForWorkers = globalThis as unknown as { lifelineCheckpointer?: WorkerState };

/** The checkpointer thread's state in this process. */
export function checkpointerState(): WorkerState {
  return globalForWorkers.lifelineCheckpointer ?? { state: "not_started" };
}

// Plain JavaScript, run as a worker thread: its own connection, a PASSIVE checkpoint on a timer.
// PASSIVE never takes the write lock and never waits, so writers go on while it copies pages and
// fsyncs; frames a reader still needs are left for the next round. The driver is required from the
// application's root (a real file path): inside the bundled web app, resolving it here would give
// the bundler's module number instead.
const WORKER_SOURCE = `
const { workerData, parentPort } = require("node:worker_threads");
const { createRequire } = require("node:module");
const Sqlite = createRequire(workerData.requireFrom)("better-sqlite3");
const db = new Sqlite(workerData.file, { timeout: 5000 });
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
parentPort.postMessage("running");
setInterval(() => {
  try {
    checkpoint.run();
  } catch (err) {
    parentPort.postMessage({ failed: String((err && err.message) || err) });
  }
}, workerData.intervalMs);
`;

/**
 * Runs SQLite's WAL checkpoints on a worker thread, off the ping path. A checkpoint copies the
 * WAL's pages back into the database file and fsyncs it; done inside a commit (SQLite's automatic
 * checkpoint), it stalls every ping waiting on that commit. The thread does not keep the process
 * alive. It logs one line when it runs; a failure to start is an error line and a `failed` state.
 */
export function startCheckpointer(file: string, intervalMs = CHECKPOINT_INTERVAL_MS): Worker {
  globalForWorkers.lifelineCheckpointer = { state: "starting" };
  const fail = (error: string) => {
    globalForWorkers.lifelineCheckpointer = { state: "failed", error };
    logger().error({ where: "checkpointer", event: "failed", error });
  };
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, intervalMs, requireFrom: path.join(process.cwd(), "package.json") },
  });
  worker.unref();
  worker.on("message", (message: unknown) => {
    // A failed round: the thread has no logger of its own, its lines go through the process's.
    if (message && typeof message === "object")
      return void logger().warn({ where: "checkpointer", error: (message as { failed: string }).failed });
    if (message !== "running") return;
    globalForWorkers.lifelineCheckpointer = { state: "running" };
    logger().info({ where: "checkpointer", event: "started", interval_ms: intervalMs });
  });
  worker.on("error", (err) => fail(err.message));
  worker.on("exit", (code) => {
    if (globalForWorkers.lifelineCheckpointer?.state !== "failed") fail(`exited with code ${code}`);
  });
  return worker;
}
