import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

// End-to-end tests drive a real Chromium (Debian's, at CHROMIUM_PATH) against Lifeline started
// exactly as `npm start` starts it, each on its own free port with a fresh data directory: project
// `chromium` on the embedded SQLite default, project `chromium-pg` on a fresh database of a
// throwaway PostgreSQL cluster (tests/support/e2e-pg-server.ts).
const freePort = () =>
  Number(
    execFileSync(
      process.execPath,
      [
        "-e",
        `const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})`,
      ],
      {
        encoding: "utf8",
      },
    ).trim(),
  );
const setting = (name: string, make: () => string) => (process.env[name] ??= make());
const port = Number(setting("E2E_PORT", () => String(freePort())));
const pgPort = Number(setting("E2E_PG_PORT", () => String(freePort())));
const dataDir = setting("E2E_DATA_DIR", () => fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-e2e-")));
const pgDataDir = setting("E2E_PG_DATA_DIR", () => fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-e2e-pg-")));
const baseURL = `http://127.0.0.1:${port}`;
const pgBaseURL = `http://127.0.0.1:${pgPort}`;
const serverEnv = (p: number, dir: string, url: string) => ({
  PORT: String(p),
  HOST: "127.0.0.1",
  DATA_DIR: dir,
  APP_URL: url,
  NODE_ENV: "test",
  OUTBOUND_ALLOW_PRIVATE: "true",
  PROBE_EMBEDDED: "false",
}); // receivers on loopback; probe specs start their own server
// E2E_ENGINES=sqlite (or postgresql) runs one engine's project and server only; default both.
const engines = (process.env.E2E_ENGINES ?? "sqlite,postgresql").split(",");
const only = <T>(engine: string, item: T): T[] => (engines.includes(engine) ? [item] : []);
type WebServer = NonNullable<PlaywrightTestConfig["webServer"]> extends (infer W)[] | infer V ? W | V : never;

export default defineConfig({
  testDir: "e2e",
  // npm test runs one Playwright per engine at once, each with its own report and output folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "test-reports/e2e.json" }]],
  use: {
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    ...only("sqlite", { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined, baseURL } }),
    ...only("postgresql", {
      name: "chromium-pg",
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: pgBaseURL },
    }),
  ],
  webServer: [
    ...only<WebServer>("sqlite", {
      command: "node scripts/start.mjs",
      url: `${baseURL}/api/v1/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: serverEnv(port, dataDir, baseURL),
    }),
    ...only<WebServer>("postgresql", {
      command: "node --import tsx tests/support/e2e-pg-server.ts",
      url: `${pgBaseURL}/api/v1/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      env: serverEnv(pgPort, pgDataDir, pgBaseURL),
    }),
  ],
});
