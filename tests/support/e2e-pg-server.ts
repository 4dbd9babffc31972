// Playwright's PostgreSQL web server: a throwaway PostgreSQL cluster (or LIFELINE_TEST_PG_URL's
// server), a fresh database on it, and Lifeline started like `npm start` with DATABASE_URL on it.
// SIGTERM stops Lifeline, then the cluster.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freshDatabase, testPgServer } from "./pg-database";

async function main() {
  const server = await testPgServer();
  const databaseUrl = await freshDatabase(server.url, "lifeline_e2e");
  // Where the operator's CLI finds this server's database (e2e/operator.ts reads it to set plans).
  if (process.env.DATA_DIR) {
    fs.mkdirSync(process.env.DATA_DIR, { recursive: true });
    fs.writeFileSync(path.join(process.env.DATA_DIR, "database-url"), databaseUrl);
  }
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    }
    await server.stop();
    process.exit(code);
  };
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));
  child.on("exit", (code) => void stop(code ?? 1));
}

main().catch((err: unknown) => {
  console.error(`[e2e-pg] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
