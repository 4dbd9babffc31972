import { Worker } from "node:worker_threads";

// A worker thread does not inherit the TypeScript loader the ingest runs under (`node --import
// tsx`), so its plain-JavaScript entry registers tsx's loader (resolved where the ingest resolves it) and
// then loads checkpoint-worker.ts.
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
import(workerData.tsx).then(({ register }) => {
  register();
  return import(workerData.module);
});
`;

/**
 * The standalone ingest's WAL checkpoints, on a worker thread with its own connection
 * (checkpoint-worker.ts runs the same `walCheckpointer` as a sweeper). A busy ingest fills the
 * WAL faster than a sweeper's rounds may reach it (a one-off sweep from a system cron checkpoints
 * once a minute); without its own checkpoints its commits would copy the WAL back themselves at the
 * fallback threshold, on the ping path. The thread does not keep the process alive; a PASSIVE
 * checkpoint beside a sweeper's finds the other's work done and costs nothing more.
 */
export function startCheckpointThread(file: string, log: (line: object) => void): Worker {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      module: new URL("./checkpoint-worker.ts", import.meta.url).href,
      tsx: import.meta.resolve("tsx/esm/api"),
    },
  });
  worker.unref();
  worker.on("message", (line: object) => log(line));
  worker.on("error", (err) => log({ level: "error", where: "checkpointer", event: "failed", error: err.message }));
  return worker;
}
