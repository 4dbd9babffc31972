import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { statementBudgetSuite } from "../support/statement-budget";

// The statement budgets (tests/support/statement-budget.ts) on a SQLite file: Prisma's statements
// through its query log, the API store's through its kept connection's counting hook.
statementBudgetSuite("SQLite", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-budget-"));
  const file = path.join(dir, "lifeline.db");
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = `file:${file}`;
  process.env.APP_SECRET = "budget-test-secret-budget-test-secret-0123";
  let close = async () => {};
  return {
    databaseUrl: `file:${file}`,
    async count(log) {
      const { PrismaClient } = await import("../../src/generated/prisma/client");
      const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
      const prisma = new PrismaClient({
        adapter: new PrismaBetterSQLite3({ url: file }),
        log: [{ emit: "event", level: "query" }],
      });
      prisma.$on("query", (event) => log(event.query));
      const { createSqliteApiStore, openApiConnection } = await import("../../src/server/storage/sqlite/api-store");
      const connection = openApiConnection(file, { verbose: (sql) => log(String(sql)) });
      // This process's storage door, with Prisma and the REST store on counting connections.
      Object.assign(globalThis, {
        lifelineDoor: {
          connections: { kind: "sqlite", file, db: connection },
          prisma,
          api: createSqliteApiStore(connection),
        },
      });
      close = async () => {
        connection.close();
        await prisma.$disconnect();
      };
    },
    async close() {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});
