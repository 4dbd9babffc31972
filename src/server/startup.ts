import { env } from "../env";
import { migrate } from "./migrate";
import { logger } from "./observability/log";
import { processConnections } from "./storage/engine";

/**
 * Runs once per web process before the first request: validates the configuration and brings the
 * database up to date (creating the SQLite file on the embedded default), then opens the process's
 * connections (storage/engine.ts; on SQLite Prisma's and the writer, the WAL being checkpointed by
 * the sweeper process).
 */
let started: Promise<void> | null = null;

export function ensureStarted(): Promise<void> {
  started ??= (async () => {
    env();
    await migrate(env().databaseUrl, (line) => logger().info({ event: "migration" }, line));
    // The connections come up with the web app, not with its first request.
    processConnections();
  })().catch((err: unknown) => {
    started = null;
    throw err;
  });
  return started;
}
