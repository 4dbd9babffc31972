import { configDefaults, defineConfig } from "vitest/config";

// Integration files whose assertions bound a latency or a short real-time window (a p99 under load,
// an alert within 5 s of its deadline, 413s within 1 s, a throttle window of 8 s). `npm test` runs
// them with the unit tests alone on the machine (LIFELINE_TESTS=timed) and every other file with
// both engines' lanes at once (LIFELINE_TESTS=untimed), see scripts/test.mjs; unset, all files run.
export const timedFiles = [
  "tests/integration/public-pages-load.test.ts",
  "tests/integration/alert-latency.test.ts",
  "tests/integration/trpc-channel.test.ts",
  "tests/integration/login-throttle.test.ts",
];
const selection = process.env.LIFELINE_TESTS;
const integrationFiles = {
  include: selection === "timed" ? timedFiles : ["tests/integration/**/*.test.ts"],
  exclude: selection === "untimed" ? [...configDefaults.exclude, ...timedFiles] : configDefaults.exclude,
};

// Unit tests run on their own; integration tests share one real Lifeline server started by their
// project's global setup (exactly as `npm start` starts it) with a fresh data directory: on SQLite
// (`integration`) and on a real PostgreSQL server (`integration-pg`).
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 240_000,
    pool: "forks",
    fileParallelism: false,
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
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
