import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { failRunOnLeak, RUN_DIR_ENV } from "./issued-secrets";
import { startDnsServer } from "./dns-server";
import { startLifeline } from "./lifeline";
import { freshDatabase, testPgServer } from "./pg-database";

/**
 * The `integration-pg` project: the same tests against Lifeline started like `npm start` with
 * DATABASE_URL on a fresh database of a real PostgreSQL server (a throwaway cluster started here,
 * or LIFELINE_TEST_PG_URL's server).
 */
export default async function setup(project: TestProject) {
  const pgServer = await testPgServer();
  try {
    const databaseUrl = await freshDatabase(pgServer.url, "lifeline_it");
    // Receivers on loopback; X-Forwarded-For from loopback trusted (see global-setup.ts).
    // The run's directory for the no-secret-in-logs check (see global-setup.ts).
    const dataDir = (process.env[RUN_DIR_ENV] = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-test-")));
    // Every process of the run (this server, the sweeps and servers tests start) resolves through an
    // empty DNS server on loopback, never the system's: a custom domain a test claims is looked up
    // there (tests that verify domains start a DNS server of their own, status-page-domains.test.ts).
    const dns = await startDnsServer();
    process.env.DNS_SERVERS = dns.address;
    const server = await startLifeline(
      { DATABASE_URL: databaseUrl, OUTBOUND_ALLOW_PRIVATE: "true", TRUST_PROXY: "127.0.0.1" },
      { dataDir },
    );
    project.provide("baseUrl", server.baseUrl);
    project.provide("dataDir", server.dataDir);
    project.provide("databaseUrl", databaseUrl);
    project.provide("smtpUrl", server.smtpUrl);
    project.provide("pgAdminUrl", pgServer.url);
    return async () => {
      await server.stop();
      await dns.stop();
      await pgServer.stop();
      failRunOnLeak(dataDir); // fails the run when a server log holds a credential issued during it
    };
  } catch (err) {
    await pgServer.stop();
    throw err;
  }
}
