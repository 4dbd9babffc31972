import { env } from "../env";
import { migrate } from "./migrate";
import { logger } from "./observability/log";
import { pingStore } from "./ping/connection";

/**
 * Runs once per web process before the first request: validates the configuration and brings the
 * database up to date (creating the SQLite file on the embedded default), then opens the ping
 * connection and its checkpointer thread on SQLite.
 */
let started: Promise<void> | null = null;

export function ensureStarted(): Promise<void> {
  started ??= (async () => {
    env();
    await migrate(env().databaseUrl, (line) => logger().info({ event: "migration" }, line));
    // On SQLite the ping connection comes up with the web app, and with it the WAL checkpointer.
    if (env().databaseKind === "sqlite") pingStore();
  })().catch((err: unknown) => {
    started = null;
    throw err;
  });
  return started;
}
