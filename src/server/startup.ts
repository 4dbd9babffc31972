import { env } from "../env";
import { migrate } from "./migrate";

/**
 * Runs once per web process before the first request: validates the configuration and brings the
 * database up to date (creating the SQLite file on the embedded default).
 */
let started: Promise<void> | null = null;

export function ensureStarted(): Promise<void> {
  started ??= (async () => {
    env();
    await migrate(env().databaseUrl, (line) => console.log(line));
  })().catch((err: unknown) => {
    started = null;
    throw err;
  });
  return started;
}
