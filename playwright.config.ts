import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive a real Chromium (Debian's, at CHROMIUM_PATH) against Lifeline started
// exactly as `npm start` starts it, on its own port with a fresh data directory.
// 27000-28999: free of the browsers' "unsafe" ports that Next refuses to listen on.
const port = Number(process.env.E2E_PORT ?? 27000 + Math.floor(Math.random() * 2000));
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-e2e-"));
process.env.E2E_PORT = String(port);
process.env.E2E_DATA_DIR = dataDir;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"], ["json", { outputFile: "test-reports/e2e.json" }]],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/v1/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, APP_URL: baseURL, NODE_ENV: "test", OUTBOUND_ALLOW_PRIVATE: "true" },
  },
});
