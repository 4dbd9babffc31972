// The ingest's checkpoint thread (checkpoint-thread.ts): its own connection, the checkpointer's
// rounds on a timer, its log lines posted to the process that started it.
import { parentPort, workerData } from "node:worker_threads";
import { walCheckpointer } from "./checkpointer";
import { openSqlite } from "./connection";

const { file } = workerData as { file: string };
const checkpointer = walCheckpointer(openSqlite(file), (line) => parentPort?.postMessage(line));
checkpointer.start();
parentPort?.on("message", () => {}); // keeps the thread's loop alive (the checkpoint timer does not)
