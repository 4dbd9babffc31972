import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `npm run db:diff` writes the next migration from the change between the latest migration's schema
// snapshot and prisma/schema.prisma. When two branches each add a migration, the later snapshot lacks
// the other's change and the next diff would write it again: the snapshot must equal the schema.
const ROOT = path.join(process.cwd(), "prisma");
const schema = fs.readFileSync(path.join(ROOT, "schema.prisma"), "utf8");
const asPostgres = (s: string) =>
  s
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace(/url\s+=\s+"file:[^"]*"/, 'url = "postgresql://placeholder@localhost/placeholder"');
/** The models and enums only: the datasource block differs per engine by design. */
const models = (s: string) => s.replace(/datasource db \{[^}]*\}/, "").trim();

describe("the latest migration's schema snapshot", () => {
  it.each([
    ["sqlite", (s: string) => s],
    ["postgresql", asPostgres],
  ] as const)("equals prisma/schema.prisma on %s, so the next db:diff writes only new changes", (kind, transform) => {
    const dir = path.join(ROOT, "migrations", kind);
    const latest = fs
      .readdirSync(dir)
      .filter((d) => fs.existsSync(path.join(dir, d, "schema.prisma")))
      .sort()
      .pop();
    expect(latest).toBeDefined();
    const snapshot = fs.readFileSync(path.join(dir, latest!, "schema.prisma"), "utf8");
    expect(models(snapshot)).toBe(models(transform(schema)));
  });
});
