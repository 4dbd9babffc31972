// `npm run bench:dashboard`: how soon the dashboard shows its content in a real browser (Playwright +
// Debian's Chromium) against a Lifeline started as `npm start` starts it (tests/support/lifeline.ts),
// on loopback. One account with BENCH_MONITORS cron monitors (default 10,000; 5 runs each, states
// spread) and BENCH_SERVICES services (default 1,000); the overview (`/`), the monitors list, the
// services list and a monitor page, BENCH_LOADS loads each (default 5) after one warm-up load, and the
// server's answer to a name search over all monitors: the medians of time to first byte, of the
// content in the document and of the content on screen, and the HTML's size, go to
// docs/performance.md ("dashboard"); BENCH_RECORD=0 prints them only (a smoke run).
import crypto from "node:crypto";
import os from "node:os";
import fs0 from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { startLifeline } from "/work/main/tests/support/lifeline";
import { machine, steal, writeSection } from "/work/main/bench/lib";

const LOADS = Math.min(Number(process.env.BENCH_LOADS ?? 5), 50);
const MONITORS = Math.max(1, Number(process.env.BENCH_MONITORS ?? 10_000));
const SERVICES = Math.max(1, Number(process.env.BENCH_SERVICES ?? 1_000));
const RECORD = process.env.BENCH_RECORD !== "0";
const RUNS = 5;
const TARGET_MS = 250;
const PASSWORD = "bench-password-123";

/** The monitors' states, spread as a large organization's might be (1 in 20 down, late, paused, new). */
const monitorState = (i: number) => (["down", "late", "paused", "new"] as const)[i % 20] ?? "up";
const serviceStatus = (i: number) => (["down", "degraded", "paused", "pending"] as const)[i % 25] ?? "operational";

/**
 * Registers the account (on the Enterprise plan: no limit on monitors or services) and writes its
 * monitors with 5 finished runs each (the fourth failed) and its services straight into the database,
 * as bench/api.ts does: 10,000 creates through the API would take minutes, and pings would meet the
 * per-monitor rate cap. The services have no probe lanes, so no probe checks them during the loads.
 */
async function seed(base: string, dbFile: string): Promise<{ email: string; monitorId: number }> {
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${base}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`POST /auth/register: ${res.status} ${await res.text()}`);
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 5000");
  const iso = (t: number) => new Date(t).toISOString().replace("Z", "+00:00");
  const now = Date.now();
  const user = db.prepare(`SELECT id, default_org_id FROM users WHERE email = ?`).get(email) as {
    id: number;
    default_org_id: number;
  };
  db.prepare(`UPDATE organizations SET plan = 'enterprise' WHERE id = ?`).run(user.default_org_id);
  const monitor = db.prepare(
    `INSERT INTO cron_monitors (org_id, name, schedule_kind, period_seconds, state, state_since, paused, last_run_status, ping_token, updated_at)
     VALUES (?, ?, 'period', 3600, ?, ?, ?, ?, ?, ?)`,
  );
  const run = db.prepare(
    `INSERT INTO cron_runs (monitor_id, rid, status, started_at, finished_at, exit_code, duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const service = db.prepare(
    `INSERT INTO services (user_id, name, type, interval, config, enabled, status, status_since, updated_at)
     VALUES (?, ?, 'http', 60, '{"url":"http://127.0.0.1:9/"}', ?, ?, ?, ?)`,
  );
  let monitorId = 0;
  db.transaction(() => {
    for (let i = 0; i < MONITORS; i++) {
      const state = monitorState(i);
      const paused = state === "paused";
      monitorId = Number(
        monitor.run(
          user.default_org_id,
          `job ${i}`,
          paused ? "up" : state,
          iso(now - (i % 600) * 60_000),
          paused ? 1 : 0,
          state === "down" ? "fail" : state === "new" ? null : "success",
          crypto.randomBytes(32).toString("base64url"),
          iso(now),
        ).lastInsertRowid,
      );
      if (state === "new") continue;
      for (let r = 0; r < RUNS; r++) {
        const started = now - (RUNS - r) * 3_600_000;
        const failed = r === 3;
        run.run(
          monitorId,
          crypto.randomUUID(),
          failed ? "fail" : "success",
          iso(started),
          iso(started + 1000 + r * 100),
          failed ? 1 : 0,
          1000 + r * 100,
        );
      }
    }
    for (let i = 0; i < SERVICES; i++) {
      const status = serviceStatus(i);
      service.run(user.id, `service ${i}`, status === "paused" ? 0 : 1, status, iso(now - i * 60_000), iso(now));
    }
  })();
  db.close();
  return { email, monitorId };
}

async function signIn(page: Page, base: string, email: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/monitors$/, { timeout: 60_000 });
}

type Load = {
  requestStart: number;
  ttfb: number;
  inDocument: number;
  onScreen: number;
  fcp: number | null;
  htmlBytes: number;
};

/**
 * One load in a fresh tab: the navigation's time to first byte, when the first element matching
 * `selector` entered the document, and when it was on screen (the frame after it, painted).
 */
async function measureLoad(newPage: () => Promise<Page>, url: string, selector: string): Promise<Load> {
  const page = await newPage();
  await page.bringToFront().catch(() => {});
  // A string, not a function: tsx would add its own helpers to a function's source, undefined in the page.
  await page.addInitScript(`(() => {
    const sel = ${JSON.stringify(selector)};
    const b = (window.__bench = {});
    const check = () => {
      if (b.inDocument !== undefined || !document.querySelector(sel)) return false;
      b.inDocument = performance.now();
      requestAnimationFrame(() => setTimeout(() => (b.onScreen = performance.now()), 0));
      return true;
    };
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(document, { childList: true, subtree: true });
  })();`);
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page
    .waitForFunction(
      () => (window as unknown as { __bench: { onScreen?: number } }).__bench.onScreen !== undefined,
      undefined,
      { timeout: 30_000 },
    )
    .catch(async (err) => {
      const state = await page.evaluate(() =>
        JSON.stringify((window as unknown as { __bench?: unknown }).__bench ?? null),
      );
      throw new Error(
        `${url}: the content (${selector}) did not come on screen (at ${page.url()}, ${state}): ${err}\n${(
          await page.content()
        )
          .replace(/<script[\s\S]*?<\/script>/g, "")
          .replace(/<head>[\s\S]*?<\/head>/, "")
          .slice(0, 3000)}`,
      );
    });
  const load = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const b = (window as unknown as { __bench: { inDocument: number; onScreen: number } }).__bench;
    return {
      requestStart: nav.requestStart,
      ttfb: nav.responseStart,
      inDocument: b.inDocument,
      onScreen: b.onScreen,
      fcp,
      htmlBytes: nav.decodedBodySize,
    };
  });
  return load;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number | null) => (x === null ? "—" : `${Math.round(x)}`);

/**
 * The server's share: the whole HTML of `url` read over HTTP with the session (no browser work), BENCH_LOADS
 * times after a warm-up; the times to the last byte.
 */
async function htmlTimes(context: BrowserContext, url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= LOADS; i++) {
    const started = performance.now();
    const res = await context.request.get(url, { maxRedirects: 0 });
    await res.body();
    if (!res.ok()) throw new Error(`${url}: ${res.status()}`);
    if (i > 0) times.push(performance.now() - started);
  }
  return times;
}

/** The server's answer to the monitors list searched by name (as the list's search box asks it), over HTTP with the session. */
async function searchTimes(context: BrowserContext, base: string): Promise<{ times: number[]; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i <= LOADS; i++) {
    const input = encodeURIComponent(JSON.stringify({ search: `job ${(i + 1) * 7}`, page: 1, limit: 20 }));
    const started = performance.now();
    const res = await context.request.get(`${base}/api/trpc/cronMonitors.list?input=${input}`);
    const body = (await res.json()) as { result?: { data: { meta: { total: number } } } };
    if (!res.ok() || !body.result) throw new Error(`search: ${res.status()} ${JSON.stringify(body).slice(0, 300)}`);
    if (i > 0) times.push(performance.now() - started); // the first is a warm-up
    total = body.result.data.meta.total;
  }
  return { times, total };
}

async function main() {
  const server = await startLifeline({ NODE_ENV: "production", APP_SECRET: crypto.randomBytes(32).toString("hex") });
  const browser = await chromium.launchPersistentContext(fs0.mkdtempSync("/tmp/zzprof-"), { viewport: { width: 1280, height: 900 },
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const seeded = Date.now();
    const { email, monitorId } = await seed(server.baseUrl, path.join(server.dataDir, "lifeline.db"));
    console.log(`seeded ${MONITORS} monitors and ${SERVICES} services in ${Date.now() - seeded} ms`);
    const context = browser;
    const signInPage = await context.newPage();
    await signIn(signInPage, server.baseUrl, email);
    await signInPage.close();
    const count = (n: number) => n.toLocaleString("en");
    const pages = [
      {
        name: `Overview (\`/\`, ${count(MONITORS)} monitors and ${count(SERVICES)} services counted)`,
        url: `${server.baseUrl}/`,
        selector: "[data-testid=monitor-counts]",
      },
      {
        name: `Monitors list (\`/monitors\`, 20 rows of ${count(MONITORS)})`,
        url: `${server.baseUrl}/monitors`,
        selector: "[data-testid=monitor-row]",
      },
      {
        name: `Services list (\`/services\`, 20 rows of ${count(SERVICES)})`,
        url: `${server.baseUrl}/services`,
        selector: "[data-testid=service-row]",
      },
      {
        name: "Monitor page (`/monitors/{id}`, 5 runs)",
        url: `${server.baseUrl}/monitors/${monitorId}`,
        selector: "[data-testid=run-row]",
      },
    ];
    const only = process.env.PAGES ? Number(process.env.PAGES) : pages.length;
    for (const p of pages.slice(Number(process.env.FROM ?? 0), only)) {
      await measureLoad(() => context.newPage(), p.url, p.selector); // warm-up
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/settings`);
      for (let k = 0; k < 4; k++) {
      const client = await context.newCDPSession(page);
      await client.send("Profiler.enable");
      await client.send("Profiler.setSamplingInterval", { interval: 200 });
      await client.send("Profiler.start");
      const t = await measureLoad(async () => page, p.url, p.selector);
      console.log(p.name.slice(0, 20), JSON.stringify(t));
      const { profile } = await client.send("Profiler.stop");
      const fs = await import("node:fs");
      fs.writeFileSync(`/work/prof/dash/prof-${p.selector.replace(/\W/g, "")}-${k}.cpuprofile`, JSON.stringify(profile));
      }
      await page.close();
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
