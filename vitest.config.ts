import { defineConfig } from "vitest/config";

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
          include: ["tests/integration/**/*.test.ts"],
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
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup-pg.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
