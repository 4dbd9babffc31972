import { configDefaults, defineConfig } from "vitest/config";

// Integration files whose assertions bound a latency or a short real-time window. `npm test` runs
// them alone on the machine, before everything else (scripts/test.mjs): first the load test on a
// freshly started server of each engine (LIFELINE_TESTS=load: its p99 bounds hold for a server that
// has served only it), then the others with the unit tests (LIFELINE_TESTS=timed: an alert within 5 s
// of its deadline, 413s within 1 s, a throttle window of 8 s) with the unit files that bound a
// computation's time; then every other file with both engines' lanes and the other unit files at once
// (LIFELINE_TESTS=untimed). Unset, all files run.
export const loadFiles = ["tests/integration/public-pages-load.test.ts"];
export const timedFiles = [
  "tests/integration/alert-latency.test.ts",
  "tests/integration/trpc-channel.test.ts",
  "tests/integration/login-throttle.test.ts",
];
export const timedUnitFiles = [
  "tests/unit/assertions.test.ts",
  "tests/unit/schedule-grammar.test.ts",
  "tests/unit/schedule-performance.test.ts",
];
// Integration files that mostly wait (the soak smoke: processes killed and restarted, a drain; probes,
// sweeps, reminders and maintenance windows coming due) and bound no latency: `npm test` runs them
// beside the two lanes, after the unit files (LIFELINE_TESTS=side), each engine in its own Vitest
// process with its own server and cluster, so the lanes, the suite's longest path, carry less.
export const sideFiles = [
  "tests/integration/soak.test.ts",
  "tests/integration/platform-probes.test.ts",
  "tests/integration/probe-checks.test.ts",
  "tests/integration/reminders.test.ts",
  "tests/integration/sweeper.test.ts",
  "tests/integration/maintenance-hold.test.ts",
  "tests/integration/maintenance-announcements.test.ts",
  "tests/integration/status-workers.test.ts",
];
const selection = process.env.LIFELINE_TESTS;
const unitFiles = {
  include: selection === "timed" ? timedUnitFiles : ["tests/unit/**/*.test.ts"],
  exclude: selection === "untimed" ? [...configDefaults.exclude, ...timedUnitFiles] : configDefaults.exclude,
};
const integrationFiles = {
  include:
    selection === "load"
      ? loadFiles
      : selection === "timed"
        ? timedFiles
        : selection === "side"
          ? sideFiles
          : ["tests/integration/**/*.test.ts"],
  exclude:
    selection === "untimed"
      ? [...configDefaults.exclude, ...loadFiles, ...timedFiles, ...sideFiles]
      : configDefaults.exclude,
};

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 240_000,
    pool: "forks",
    fileParallelism: false,
    projects: [
      { test: { name: "unit", ...unitFiles, environment: "node" } },
      {
        test: {
          name: "integration",
          ...integrationFiles,
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000, // a project does not inherit the root's settings; a hook may start a Lifeline
        },
      },
      {
        // The same integration tests against PostgreSQL (a throwaway cluster the setup starts).
        test: {
          name: "integration-pg",
          ...integrationFiles,
          environment: "node",
          globalSetup: ["tests/support/global-setup-pg.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
