#!/usr/bin/env node
// `npm test`: every test, from a fresh clone. Installs what is missing (npm packages; Debian's
// chromium and prometheus when run as root; PostgreSQL's binaries are installed by the harness when missing), builds
// the web app, then runs every test in two stages:
// 1. alone on the machine: the load test (`loadFiles` in vitest.config.ts) on a fresh server of each
//    engine, then the unit and integration files whose assertions bound a time (`timedUnitFiles`,
//    `timedFiles`), on SQLite and then on a throwaway PostgreSQL cluster;
// 2. two lanes at once, one per engine, each the rest of the integration tests (Vitest, against a
//    real server started like `npm start`) followed by the end-to-end tests (Playwright in a real
//    Chromium), and beside them the other unit tests and then the integration files that mostly wait (`sideFiles`:
//    the soak smoke, probes, sweeps) on each engine. The lanes share nothing (own servers, ports,
//    data directories and clusters); most of their time is spent waiting on servers, sweeps and
//    probes, so together they take about a third less than one after the other.
// It prints each stage's time and then one closing line: "Tests: N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
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
// iputils-ping: the ping check type runs the system's ping (tests/integration/check-types.test.ts).
if (!fs.existsSync("/usr/bin/ping")) missing.push("iputils-ping");
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
for (const f of fs.readdirSync("test-reports")) fs.rmSync(path.join("test-reports", f), { force: true });

const vitestArgs = (projects, json) => [
  "node_modules/vitest/vitest.mjs",
  "run",
  ...projects.flatMap((p) => ["--project", p]),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${json}`,
];
const playwrightArgs = ["node_modules/@playwright/test/cli.js", "test"];

/** Runs one command after another, each line of their output prefixed by the lane's name. */
function lane(name, steps) {
  const log = fs.createWriteStream(`test-reports/${name}.log`);
  const started = Date.now();
  const times = [];
  const prefix = (stream, out) => {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      log.write(chunk);
      const lines = (rest + chunk).split("\n");
      rest = lines.pop();
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
    stream.on("end", () => rest && out.write(`[${name}] ${rest}\n`));
  };
  const one = (step) =>
    new Promise((resolve) => {
      const stepStarted = Date.now();
      const child = spawn(process.execPath, step.args, {
        env: { ...env, ...step.env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      prefix(child.stdout, process.stdout);
      prefix(child.stderr, process.stderr);
      child.on("close", (code) => {
        times.push(`${step.label} ${Math.round((Date.now() - stepStarted) / 1000)} s`);
        resolve(code ?? 1);
      });
    });
  return (async () => {
    const statuses = [];
    for (const step of steps) statuses.push(await one(step));
    log.end();
    return { statuses, seconds: Math.round((Date.now() - started) / 1000), times };
  })();
}

const e2eLane = (engine, tag) => ({
  label: "end-to-end",
  args: playwrightArgs,
  env: {
    E2E_ENGINES: engine,
    E2E_REPORT: `test-reports/e2e-${tag}.json`,
    E2E_OUTPUT_DIR: `test-results/${tag}`,
  },
});
const loadEnv = { LIFELINE_TESTS: "load" };
const timedEnv = { LIFELINE_TESTS: "timed" };
const untimedEnv = { LIFELINE_TESTS: "untimed" };
const sideEnv = { LIFELINE_TESTS: "side" };

/** The machine's CPU ticks so far, busy and in all, from /proc/stat (null where there is none). */
const cpuTicks = () => {
  try {
    const t = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const all = t.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: all - t[3] - t[4], all };
  } catch {
    return null;
  }
};
/** The share of the machine's CPU time used since `from` (how much room the stage left). */
const busySince = (from) => {
  const to = cpuTicks();
  return from && to ? `CPU ${Math.round((100 * (to.busy - from.busy)) / (to.all - from.all))} % busy` : "CPU ?";
};

// The first stage times latencies: the install's and the build's file writes still in the page cache are
// written out first, so their writeback does not stall the timed tests' commits.
spawnSync("sync", [], { stdio: "inherit" });
const aloneCpu = cpuTicks();
const alone = await lane("alone", [
  {
    label: "load test on SQLite",
    args: vitestArgs(["integration"], "test-reports/vitest-load.json"),
    env: loadEnv,
  },
  {
    label: "load test on PostgreSQL",
    args: vitestArgs(["integration-pg"], "test-reports/vitest-load-pg.json"),
    env: loadEnv,
  },
  {
    label: "timed unit and integration on SQLite",
    args: vitestArgs(["unit", "integration"], "test-reports/vitest-timed.json"),
    env: timedEnv,
  },
  {
    label: "timed integration on PostgreSQL",
    args: vitestArgs(["integration-pg"], "test-reports/vitest-timed-pg.json"),
    env: timedEnv,
  },
]);
const aloneBusy = busySince(aloneCpu);
const lanesCpu = cpuTicks();
const [sqlite, postgres, unit] = await Promise.all([
  lane("sqlite", [
    { label: "integration", args: vitestArgs(["integration"], "test-reports/vitest.json"), env: untimedEnv },
    e2eLane("sqlite", "sqlite"),
  ]),
  lane("pg", [
    { label: "integration", args: vitestArgs(["integration-pg"], "test-reports/vitest-pg.json"), env: untimedEnv },
    e2eLane("postgresql", "pg"),
  ]),
  lane("unit", [
    { label: "unit", args: vitestArgs(["unit"], "test-reports/vitest-unit.json"), env: untimedEnv },
    {
      label: "side integration on SQLite",
      args: vitestArgs(["integration"], "test-reports/vitest-side.json"),
      env: sideEnv,
    },
    {
      label: "side integration on PostgreSQL",
      args: vitestArgs(["integration-pg"], "test-reports/vitest-side-pg.json"),
      env: sideEnv,
    },
  ]),
]);

const lanesBusy = busySince(lanesCpu);

const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, "utf8")) : null);
const vitestReports = [
  "vitest-load",
  "vitest-load-pg",
  "vitest-timed",
  "vitest-timed-pg",
  "vitest",
  "vitest-pg",
  "vitest-unit",
  "vitest-side",
  "vitest-side-pg",
].map((n) => read(`test-reports/${n}.json`));
const e2eReports = ["e2e-sqlite", "e2e-pg"].map((n) => read(`test-reports/${n}.json`));
const sum = (key) => vitestReports.reduce((n, v) => n + (v?.[key] ?? 0), 0);
const e2eSum = (key) => e2eReports.reduce((n, r) => n + (r?.stats?.[key] ?? 0), 0);
const passed = sum("numPassedTests") + e2eSum("expected") + e2eSum("flaky");
let failed = sum("numFailedTests") + e2eSum("unexpected");
const skipped = sum("numPendingTests") + sum("numTodoTests") + e2eSum("skipped");
// A runner that failed without reporting a failed test (crash, setup error) still fails the run.
const statuses = [alone, sqlite, postgres, unit].flatMap((l) => l.statuses);
const missingReport = vitestReports.some((v) => !v) || e2eReports.some((r) => !r?.stats);
if (failed === 0 && (statuses.some((s) => s !== 0) || missingReport)) failed = 1;
console.log(
  `\nTime: alone ${alone.seconds} s (${alone.times.join(", ")}; ${aloneBusy}); then at once: ` +
    `SQLite lane ${sqlite.seconds} s (${sqlite.times.join(", ")}), ` +
    `PostgreSQL lane ${postgres.seconds} s (${postgres.times.join(", ")}), unit tests and side integration ${unit.seconds} s (${unit.times.join(", ")}); ${lanesBusy}`,
);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
