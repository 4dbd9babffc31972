#!/usr/bin/env node
// `npm test`: every test, from a fresh clone. Installs what is missing (npm packages; Debian's
// chromium when run as root), builds the web app, runs the unit and integration tests (Vitest,
// against a real server started like `npm start`) and the end-to-end tests (Playwright in a real
// Chromium), then prints one closing line: "N passed, N failed".
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
if (!fs.existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    must("apt-get", ["update", "-qq"]);
    must("apt-get", ["install", "-y", "-qq", "chromium"]);
  } else {
    console.error(`Chromium not found at ${chromium}: install Debian's chromium or set CHROMIUM_PATH`);
    process.exit(1);
  }
}
must(process.execPath, ["node_modules/next/dist/bin/next", "build"]);

fs.mkdirSync("test-reports", { recursive: true });
const vitestJson = "test-reports/vitest.json";
const e2eJson = "test-reports/e2e.json";
for (const f of [vitestJson, e2eJson]) fs.rmSync(f, { force: true });

const vitestStatus = run(process.execPath, [
  "node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`,
]);
const e2eStatus = run(process.execPath, ["node_modules/@playwright/test/cli.js", "test"]);

const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, "utf8")) : null);
const v = read(vitestJson);
const p = read(e2eJson)?.stats;
const passed = (v?.numPassedTests ?? 0) + (p ? p.expected + p.flaky : 0);
let failed = (v?.numFailedTests ?? 0) + (p?.unexpected ?? 0);
const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.skipped ?? 0);
// A runner that failed without reporting a failed test (crash, setup error) still fails the run.
if (failed === 0 && (vitestStatus !== 0 || e2eStatus !== 0 || !v || !p)) failed = 1;
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
