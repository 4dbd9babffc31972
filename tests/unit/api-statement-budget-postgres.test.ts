import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freshDatabase, testPgServer } from "../support/pg-database";
import { statementBudgetSuite } from "../support/statement-budget";

// The statement budgets (tests/support/statement-budget.ts) on a throwaway PostgreSQL cluster: every
// query a `pg` client sends is counted (Prisma's adapter and the API store's pool use the same
// driver), so BEGIN and COMMIT count as the round trips they are.
statementBudgetSuite("PostgreSQL", async () => {
  const server = await testPgServer();
  const databaseUrl = await freshDatabase(server.url, "budget");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-budget-pg-"));
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = databaseUrl;
  process.env.APP_SECRET = "budget-test-secret-budget-test-secret-0123";
  const query = pg.Client.prototype.query;
  return {
    databaseUrl,
    async count(log) {
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const first = args[0] as string | { text?: string };
        log(typeof first === "string" ? first : String(first?.text ?? first));
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
    },
    async close() {
      pg.Client.prototype.query = query;
      const { closeProcessConnections } = await import("../../src/server/storage/engine");
      await closeProcessConnections();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});
