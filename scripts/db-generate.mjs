#!/usr/bin/env node
// `npm run db:generate` (and the postinstall): one Prisma client per database from the one model in
// prisma/schema.prisma. Prisma fixes the provider at generate time, so the SQLite client goes to
// src/generated/prisma and a PostgreSQL client, generated from the same models with the provider
// switched, to src/generated/prisma-pg. src/server/db.ts picks one at run time from DATABASE_URL.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const schema = fs.readFileSync(path.join(root, "prisma", "schema.prisma"), "utf8");
const prisma = path.join(root, "node_modules", "prisma", "build", "index.js");
const generate = (schemaPath) =>
  execFileSync(process.execPath, [prisma, "generate", "--schema", schemaPath], { cwd: root, stdio: "inherit" });

generate(path.join(root, "prisma", "schema.prisma"));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-pg-schema-"));
try {
  const pgSchema = schema
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace(/url\s+=\s+"file:[^"]*"/, 'url = "postgresql://placeholder@localhost/placeholder"')
    .replace(/output\s+=\s+"[^"]*"/, `output = ${JSON.stringify(path.join(root, "src", "generated", "prisma-pg"))}`);
  const file = path.join(tmp, "schema.prisma");
  fs.writeFileSync(file, pgSchema);
  generate(file);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
