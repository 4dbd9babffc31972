import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { engineBranches } from "../../scripts/engine-branches.mjs";

/**
 * The rooms of src/ (docs/architecture.md, "Rooms") as dependency-cruiser checks them with the
 * project's own configuration (.dependency-cruiser.cjs): src/ keeps the rules, the documented table
 * is the configuration's, and a tree that breaks a rule is refused by the same command.
 */
const root = path.resolve(__dirname, "../..");
const config = path.join(root, ".dependency-cruiser.cjs");
const cli = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const FLOORS = (createRequire(import.meta.url)(config) as { FLOORS: [string, string, string[]][] }).FLOORS;

type Violation = { rule: { name: string }; from: string; to: string };

/** Runs the checker on `src` of `cwd` with the project's configuration; the violations it reports. */
function cruise(cwd: string): Violation[] {
  let out: string;
  try {
    out = execFileSync(process.execPath, [cli, "src", "--config", config, "--output-type", "json"], {
      cwd,
      encoding: "utf8",
      maxBuffer: 64 << 20,
    });
  } catch (err) {
    // The checker exits non-zero when it finds violations; its JSON is on stdout all the same.
    out = String((err as { stdout?: string }).stdout ?? "");
    if (!out.trim()) throw err;
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

const fixtures: string[] = [];
afterAll(() => fixtures.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A small tree of `files` (path -> source) with the project's tsconfig, checked by the project's rules. */
function fixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-layers-"));
  fixtures.push(dir);
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { module: "esnext", moduleResolution: "bundler", strict: true } }),
  );
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

describe("the rooms of src/", () => {
  it("src/ has no import circle, no upward import and no router or component reaching storage", () => {
    const violations = cruise(root);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
  }, 120_000);

  it("refuses a storage module that imports a service, even for a type, and names the rule", () => {
    const dir = fixture({
      "src/server/services/monitors.ts":
        "export type Monitor = { id: number };\nexport const list = () => [] as Monitor[];\n",
      "src/server/storage/rows.ts":
        'import type { Monitor } from "../services/monitors";\nexport const row = (m: Monitor) => m.id;\n',
      "src/server/storage/writes.ts":
        'import { list } from "../services/monitors";\nexport const all = () => list();\n',
    });
    const violations = cruise(dir);
    expect(violations.map((v) => [v.rule.name, v.from, v.to])).toEqual(
      expect.arrayContaining([
        ["no-upward-from-storage", "src/server/storage/rows.ts", "src/server/services/monitors.ts"],
        ["no-upward-from-storage", "src/server/storage/writes.ts", "src/server/services/monitors.ts"],
      ]),
    );
  }, 60_000);

  it("refuses a circle, a router that reaches storage, a component that imports the server and a second door", () => {
    const dir = fixture({
      "src/server/domain/a.ts": 'import { b } from "./b";\nexport const a = () => b();\n',
      "src/server/domain/b.ts": 'import { a } from "./a";\nexport const b = (): number => (a as unknown as number);\n',
      "src/server/storage/sqlite/api-store.ts": "export const store = {};\n",
      "src/server/storage/engine.ts":
        'import { store } from "./sqlite/api-store";\nexport const apiStore = () => store;\n',
      "src/server/api/routers/monitors.ts":
        'import { apiStore } from "../../storage/engine";\nexport const r = apiStore;\n',
      "src/server/services/own-door.ts":
        'import { store } from "../storage/sqlite/api-store";\nexport const s = store;\n',
      "src/components/list.tsx": 'import { s } from "../server/services/own-door";\nexport const List = () => s;\n',
    });
    const names = new Set(cruise(dir).map((v) => v.rule.name));
    expect([...names].sort()).toEqual([
      "components-stay-in-the-browser",
      "no-circular",
      "one-door-into-storage",
      "routers-call-services",
    ]);
  }, 60_000);

  it("refuses a storage module that calls a domain rule itself, and lets it import the rule's types", () => {
    const dir = fixture({
      "src/server/domain/incidents.ts":
        "export type Plan = { open: boolean };\nexport const afterMissedPings = (): Plan => ({ open: true });\n",
      "src/server/storage/executes.ts":
        'import type { Plan } from "../domain/incidents";\nexport const write = (plan: Plan) => plan.open;\n',
      "src/server/storage/inline-types.ts":
        'import { type Plan } from "../domain/incidents";\nexport const read = (plan: Plan) => plan.open;\n',
      "src/server/storage/decides.ts":
        'import { afterMissedPings } from "../domain/incidents";\nexport const sweep = () => afterMissedPings();\n',
    });
    const violations = cruise(dir);
    expect(violations.map((v) => [v.rule.name, v.from, v.to])).toEqual([
      ["storage-decides-nothing", "src/server/storage/decides.ts", "src/server/domain/incidents.ts"],
    ]);
  }, 60_000);

  it("src/ has no engine branch off the storage floor", () => {
    expect(engineBranches(root)).toEqual([]);
  });

  it("refuses an engine's driver imported or an engine branched on off the storage floor, and lets storage do both", () => {
    const dir = fixture({
      "src/server/storage/postgres/runner.ts": 'import type { Pool } from "pg";\nexport const run = (p: Pool) => p;\n',
      "src/server/storage/engine.ts":
        'import type Database from "better-sqlite3";\nexport const kind = (url: string) => (/^postgres(ql)?:\\/\\//.test(url) ? "postgresql" : "sqlite");\nexport type Db = Database.Database;\n',
      "src/server/sweep/open.ts": 'import type { Pool } from "pg";\nexport const open = (p: Pool) => p;\n',
      "src/server/services/system.ts":
        'import Database from "better-sqlite3";\nexport const db = () => new Database(":memory:");\n',
      "src/server/notify/outbox.ts": [
        'import type { SqlRunner } from "../storage/runner";',
        "export const tail = (sql: SqlRunner) =>",
        '  sql.kind === "sqlite" ? "substr(body, -4000)" : "right(body, 4000)";',
        "",
      ].join("\n"),
      "src/server/storage/runner.ts": 'export type SqlRunner = { kind: "sqlite" | "postgresql" };\n',
      "src/server/services/uptime/metrics.ts":
        'export const since = (engine: string) => (engine === "postgresql" ? "?::timestamp" : "julianday(?)");\n',
      "src/server/services/migrate-copy.ts":
        "export const isPg = (url: string) => /^postgres(ql)?:\\/\\//.test(url);\n",
    });
    const violations = cruise(dir).filter((v) => v.rule.name === "engines-stay-in-storage");
    expect(violations.map((v) => [v.from, v.to]).sort()).toEqual([
      ["src/server/services/system.ts", "better-sqlite3"],
      ["src/server/sweep/open.ts", "pg"],
    ]);
    expect(engineBranches(dir)).toEqual([
      "src/server/notify/outbox.ts:3: reads the engine's kind",
      "src/server/notify/outbox.ts:3: names an engine in a branch",
      "src/server/services/migrate-copy.ts:1: tests the database URL",
      "src/server/services/uptime/metrics.ts:1: names an engine in a branch",
      "src/server/services/uptime/metrics.ts:1: writes an engine's dialect",
    ]);
  }, 60_000);

  it("refuses a static import of a library or check module that loads on use, and lets a dynamic import, a type or the probe have it", () => {
    const dir = fixture({
      "src/server/checks/browser.ts":
        'import { chromium } from "playwright-core";\nexport const run = () => chromium;\n',
      "src/server/checks/grpc.ts": 'import * as grpc from "@grpc/grpc-js";\nexport const run = () => grpc;\n',
      "src/server/checks/index.ts": [
        'import { run as browser } from "./browser";',
        'export const grpc = () => import("./grpc").then((m) => m.run());',
        "export const all = [browser];",
        "",
      ].join("\n"),
      "src/server/services/accounts/keys.ts": [
        'import type { RegistrationResponseJSON } from "@simplewebauthn/server";',
        'import QRCode from "qrcode";',
        'export const options = async () => (await import("@simplewebauthn/server")).generateRegistrationOptions;',
        "export type R = RegistrationResponseJSON;",
        "export const qr = QRCode;",
        "",
      ].join("\n"),
      "src/probe/check-types.ts": 'import { run } from "../server/checks/browser";\nexport const types = [run];\n',
      // Installed as the checker resolves them (an unresolved import has no kind).
      ...Object.fromEntries(
        ["playwright-core", "@grpc/grpc-js", "@simplewebauthn/server", "qrcode"].flatMap((name) => [
          [`node_modules/${name}/package.json`, JSON.stringify({ name, main: "index.js", types: "index.d.ts" })],
          [`node_modules/${name}/index.js`, "module.exports = {};\n"],
          [`node_modules/${name}/index.d.ts`, "export type RegistrationResponseJSON = object;\n"],
        ]),
      ),
    });
    const violations = cruise(dir).filter((v) => v.rule.name === "libraries-load-on-use");
    expect(violations.map((v) => [v.from, v.to]).sort()).toEqual([
      ["src/server/checks/index.ts", "src/server/checks/browser.ts"],
      ["src/server/services/accounts/keys.ts", "node_modules/qrcode/index.js"],
    ]);
  }, 60_000);

  it("docs/architecture.md's table of floors is the checker's, floor by floor and path by path", () => {
    const doc = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");
    const section = doc.slice(doc.indexOf("## Rooms"), doc.indexOf("\n## ", doc.indexOf("## Rooms") + 1));
    const rows = section
      .split("\n")
      .filter((l) => l.startsWith("| ") && !l.startsWith("| floor") && !l.startsWith("|---"))
      .map((l) =>
        l
          .split(/(?<!\\)\|/)
          .map((c) => c.trim())
          .slice(1, -1),
      )
      .map(([name, what, paths]) => [
        name,
        what,
        [...paths!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\\\|/g, "|")),
      ]);
    expect(rows).toEqual(FLOORS);
  });
});
