#!/usr/bin/env node
// `npm test`: every test, from a fresh clone. Installs what is missing (npm packages; Debian's
// chromium and prometheus when run as root; PostgreSQL's binaries are installed by the harness when missing), builds
// the web app, runs the unit and integration tests (Vitest, against a real server started like
// `npm start`, on SQLite and on a throwaway PostgreSQL cluster) and the end-to-end tests (Playwright
// in a real Chromium, on both databases), prints each phase's time and then one closing line:
// "Tests: N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const env = { ...process.env, TZ: "UTC" };
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { stdio: "inherit", env, ...opts }).status ?? 1;
}
function must(cmd, args) {
  const status = run(cmd, args);
  if (status !== 0) {
    console.log(`0 passed, 1 failed (setup step failed: ${cmd} ${args.join(" ")})`);
    process.exit(status);
  }
}

if (!fs.existsSync("node_modules/.package-lock.json")) must("npm", ["install", "--no-audit", "--no-fund"]);
// Debian's chromium (Playwright) and prometheus (/usr/bin/prometheus and promtool: the metrics tests).
const missing = [];
if (!fs.existsSync(chromium)) missing.push("chromium");
if (!fs.existsSync("/usr/bin/prometheus") || !fs.existsSync("/usr/bin/promtool")) missing.push("prometheus");
// curl and jq: tests/integration/readme-api.test.ts runs the README's "Using the API" block as written.
for (const tool of ["curl", "jq"]) if (!fs.existsSync(`/usr/bin/${tool}`)) missing.push(tool);
if (missing.length > 0) {
  if (process.getuid?.() === 0) {
    must("apt-get", ["update", "-qq"]);
    must("apt-get", ["install", "-y", "-qq", ...missing]);
  } else {
    console.error(
      `Missing ${missing.join(", ")}: install Debian's packages (chromium at ${chromium} or set CHROMIUM_PATH)`,
    );
    process.exit(1);
  }
}
must(process.execPath, ["node_modules/next/dist/bin/next", "build"]);

fs.mkdirSync("test-reports", { recursive: true });
const vitestJson = "test-reports/vitest.json";
const vitestPgJson = "test-reports/vitest-pg.json";
const e2eJson = "test-reports/e2e.json";
for (const f of [vitestJson, vitestPgJson, e2eJson]) fs.rmSync(f, { force: true });

// Each phase is timed; the integration suite runs once per engine (SQLite, then PostgreSQL on a
// throwaway cluster the harness starts), the end-to-end suite in one Playwright run on both.
const timed = (fn) => {
  const started = Date.now();
  const status = fn();
  return { status, seconds: Math.round((Date.now() - started) / 1000) };
};
const vitest = (projects, json) =>
  run(process.execPath, [
    "node_modules/vitest/vitest.mjs",
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${json}`,
  ]);
const sqlite = timed(() => vitest(["unit", "integration"], vitestJson));
const postgres = timed(() => vitest(["integration-pg"], vitestPgJson));
const e2e = timed(() => run(process.execPath, ["node_modules/@playwright/test/cli.js", "test"]));

const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, "utf8")) : null);
const vitestReports = [read(vitestJson), read(vitestPgJson)];
const p = read(e2eJson);
const e2eSeconds = {};
const walk = (suite) => {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? [])
      for (const r of t.results ?? []) {
        e2eSeconds[t.projectName] = (e2eSeconds[t.projectName] ?? 0) + r.duration / 1000;
      }
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of p?.suites ?? []) walk(suite);
const stats = p?.stats;
const sum = (key) => vitestReports.reduce((n, v) => n + (v?.[key] ?? 0), 0);
const passed = sum("numPassedTests") + (stats ? stats.expected + stats.flaky : 0);
let failed = sum("numFailedTests") + (stats?.unexpected ?? 0);
const skipped = sum("numPendingTests") + sum("numTodoTests") + (stats?.skipped ?? 0);
// A runner that failed without reporting a failed test (crash, setup error) still fails the run.
const statuses = [sqlite.status, postgres.status, e2e.status];
if (failed === 0 && (statuses.some((s) => s !== 0) || vitestReports.some((v) => !v) || !stats)) failed = 1;
const e2eSplit = Object.entries(e2eSeconds)
  .map(([name, s]) => `${name} ${Math.round(s)} s`)
  .join(", ");
console.log(
  `\nTime: unit + integration on SQLite ${sqlite.seconds} s; integration on PostgreSQL ${postgres.seconds} s; ` +
    `end-to-end ${e2e.seconds} s (${e2eSplit || "no report"})`,
);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
