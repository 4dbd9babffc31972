import type { TestProject } from "vitest/node";
import { startLifeline } from "./lifeline";

/**
 * The `integration` project: Lifeline started exactly as the README's first command does
 * (`node scripts/start.mjs`, i.e. `npm start`) on the embedded default, a fresh, empty DATA_DIR
 * whose SQLite file is `dataDir/lifeline.db`. Integration tests talk to it over real HTTP.
 */
export default async function setup(project: TestProject) {
  // Tests deliver to receivers on loopback; they stand as a proxy on loopback (TRUST_PROXY) and claim
  // client addresses through X-Forwarded-For, so per-address limits of one test never reach another.
  const server = await startLifeline({ OUTBOUND_ALLOW_PRIVATE: "true", TRUST_PROXY: "127.0.0.1" });
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("databaseUrl", server.databaseUrl);
  project.provide("smtpUrl", server.smtpUrl);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** `file:<dataDir>/lifeline.db` on SQLite, the `postgres://` URL on PostgreSQL. */
    databaseUrl: string;
    smtpUrl: string;
    /** PostgreSQL runs only: an admin URL of the server, for tests that need databases of their own. */
    pgAdminUrl?: string;
  }
}
