import crypto from "node:crypto";
import { freshDataDir, start, stop, waitFor } from "./lib";
import { startBenchPg } from "./pg";

export type EnginePair = {
  /** The SQLite server's DATA_DIR (its database file is `lifeline.db` there). */
  sqliteDir: string;
  sqlite: { base: string; port: number };
  pg: { base: string; port: number; url: string };
  stop: () => Promise<void>;
};

/**
 * `npm start` twice, side by side on fixed loopback ports: on the embedded SQLite default and on a
 * throwaway PostgreSQL cluster, both in production mode and answering /livez when this resolves.
 */
export async function startEnginePair(
  name: string,
  [sqlitePort, pgPort]: [number, number],
  extraEnv: Record<string, string> = {},
): Promise<EnginePair> {
  const env = {
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    APP_SECRET: crypto.randomBytes(32).toString("hex"),
    ...extraEnv,
  };
  const sqliteDir = freshDataDir(name);
  const pgServer = await startBenchPg(`bench_${name.replace(/-/g, "_")}`);
  const sqliteBase = `http://127.0.0.1:${sqlitePort}`;
  const pgBase = `http://127.0.0.1:${pgPort}`;
  const web = start(["scripts/start.mjs"], {
    ...env,
    DATA_DIR: sqliteDir,
    PORT: String(sqlitePort),
    APP_URL: sqliteBase,
  });
  const pgWeb = start(["scripts/start.mjs"], {
    ...env,
    DATA_DIR: freshDataDir(`${name}-pg`),
    DATABASE_URL: pgServer.url,
    PORT: String(pgPort),
    APP_URL: pgBase,
  });
  const stopAll = async () => {
    stop(web);
    stop(pgWeb);
    await new Promise((r) => setTimeout(r, 500));
    await pgServer.stop();
  };
  try {
    await waitFor(`${sqliteBase}/livez`);
    await waitFor(`${pgBase}/livez`);
  } catch (err) {
    await stopAll();
    throw err;
  }
  return {
    sqliteDir,
    sqlite: { base: sqliteBase, port: sqlitePort },
    pg: { base: pgBase, port: pgPort, url: pgServer.url },
    stop: stopAll,
  };
}
