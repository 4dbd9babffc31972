#!/usr/bin/env node
// `npm run db:diff -- <name>`: writes the next migration for SQLite and PostgreSQL from the change
// between the schema snapshot of the latest migration and prisma/schema.prisma. Each migration
// folder keeps the schema it produced (schema.prisma), so no database and no shadow database is
// needed. Applied by src/server/migrate.ts on start-up or by `npm run db:migrate`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:diff -- <snake_case_name>");
  process.exit(2);
}
const root = path.join("prisma", "migrations");
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const current = fs.readFileSync(path.join("prisma", "schema.prisma"), "utf8");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-diff-"));

const asPostgres = (schema) =>
  schema
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace(/url\s+=\s+"file:[^"]*"/, 'url = "postgresql://placeholder@localhost/placeholder"');

let wrote = false;
for (const [kind, transform] of [
  ["sqlite", (s) => s],
  ["postgresql", asPostgres],
]) {
  const dir = path.join(root, kind);
  fs.mkdirSync(dir, { recursive: true });
  const previous = fs
    .readdirSync(dir)
    .filter((d) => fs.existsSync(path.join(dir, d, "schema.prisma")))
    .sort()
    .pop();
  const to = path.join(tmp, `${kind}-to.prisma`);
  fs.writeFileSync(to, transform(current));
  const fromArgs = previous ? ["--from-schema-datamodel", path.join(dir, previous, "schema.prisma")] : ["--from-empty"];
  const sql = execFileSync("npx", ["prisma", "migrate", "diff", ...fromArgs, "--to-schema-datamodel", to, "--script"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (!/CREATE|ALTER|DROP/i.test(sql)) {
    console.log(`${kind}: no schema change`);
    continue;
  }
  const target = path.join(dir, `${stamp}_${name}`);
  fs.mkdirSync(target, { recursive: true });
  fs.writeFileSync(path.join(target, "migration.sql"), sql);
  fs.copyFileSync(to, path.join(target, "schema.prisma"));
  console.log(`${kind}: wrote ${target}`);
  wrote = true;
}
fs.rmSync(tmp, { recursive: true, force: true });
if (!wrote) console.log("nothing to write");
