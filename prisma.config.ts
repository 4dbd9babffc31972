import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

// The CLI is used for `generate` and `migrate diff` (schema to schema, no database). Its JS engine
// with a driver adapter needs no downloaded binary. Migrations are applied by src/server/migrate.ts.
export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: path.join("prisma", "schema.prisma"),
  adapter: async () => (
    fs.mkdirSync("data", { recursive: true }),
    new PrismaBetterSQLite3({ url: path.join("data", "prisma-cli.db") })
  ),
});
