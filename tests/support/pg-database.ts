import pg from "pg";
import { startPgCluster } from "./pg-cluster";

export type PgServer = { url: string; stop: () => Promise<void> };

/**
 * A PostgreSQL server for the tests: the one at LIFELINE_TEST_PG_URL when set (an admin URL, e.g. a
 * CI service container), otherwise a throwaway cluster started here (pg-cluster.ts).
 */
export async function testPgServer(): Promise<PgServer> {
  const given = process.env.LIFELINE_TEST_PG_URL;
  if (given) return { url: given, stop: async () => {} };
  const cluster = await startPgCluster();
  return { url: cluster.url, stop: () => cluster.stop() };
}

/** Creates a fresh, empty database on the server and returns its URL. */
export async function freshDatabase(adminUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
