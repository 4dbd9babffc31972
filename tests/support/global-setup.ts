import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { failRunOnLeak, RUN_DIR_ENV } from "./issued-secrets";
import { startDnsServer } from "./dns-server";
import { startLifeline } from "./lifeline";

/**
 * The `integration` project: Lifeline started exactly as the README's first command does
 * (`node scripts/start.mjs`, i.e. `npm start`) on the embedded default, a fresh, empty DATA_DIR
 * whose SQLite file is `dataDir/lifeline.db`. Integration tests talk to it over real HTTP.
 */
export default async function setup(project: TestProject) {
  // Tests deliver to receivers on loopback; they stand as a proxy on loopback (TRUST_PROXY) and claim
  // client addresses through X-Forwarded-For, so per-address limits of one test never reach another.
  // Its DATA_DIR is the run's directory for the no-secret-in-logs check (issued-secrets.ts): the
  // workers inherit RUN_DIR_ENV, record every credential they see and every server log they start.
  const dataDir = (process.env[RUN_DIR_ENV] = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-test-")));
  // Every process of the run (this server, the sweeps and servers tests start) resolves through an
  // empty DNS server on loopback, never the system's: a custom domain a test claims is looked up
  // there (tests that verify domains start a DNS server of their own, status-page-domains.test.ts).
  const dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  const server = await startLifeline({ OUTBOUND_ALLOW_PRIVATE: "true", TRUST_PROXY: "127.0.0.1" }, { dataDir });
  project.provide("baseUrl", server.baseUrl);
  project.provide("dataDir", server.dataDir);
  project.provide("databaseUrl", server.databaseUrl);
  project.provide("smtpUrl", server.smtpUrl);
  return async () => {
    await server.stop();
    await dns.stop();
    failRunOnLeak(dataDir); // fails the run when a server log holds a credential issued during it
  };
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
