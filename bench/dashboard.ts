// `npm run bench:dashboard`: how soon the dashboard shows its content in a real browser (Playwright +
// Debian's Chromium) against a Lifeline started as `npm start` starts it (tests/support/lifeline.ts),
// on loopback. One account with BENCH_MONITORS cron monitors (default 10,000; 5 runs each, states
// spread) and BENCH_SERVICES services (default 1,000); the overview (`/`), the monitors list, the
// services list and a monitor page, and the sign-in page signed out as the floor, each loaded whole
// BENCH_LOADS times (default 5) in a fresh tab after one warm-up load and as many times in a tab
// already open on the site, and the server's answer to a name search over all monitors: the medians
// of time to first byte, of the content in the document and of the content on screen, and the HTML's
// size, go to docs/performance.md ("dashboard"); BENCH_RECORD=0 prints them only (a smoke run).
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { startLifeline } from "../tests/support/lifeline";
import { machine, steal, writeSection } from "./lib";

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
  afterFrame: number;
  fcp: number | null;
  htmlBytes: number;
};

/**
 * Readies `page` to time its loads of pages showing `selector` (once per page: the script runs at the
 * start of every document it loads): when the first element matching `selector` entered the
 * document, and when it was on screen. The row's paint time comes from Element Timing: each element
 * of the row that holds text of its own is marked `elementtiming` when the row enters the document
 * (before it is rendered), and the first 'element' entry of one of them gives the frame that painted
 * it. The first task after that frame (a requestAnimationFrame, then a timeout) is kept too: it also
 * waits for whatever long task (the scripts, hydration) the browser runs next, so it is later than
 * the paint when one runs.
 */
async function watchContent(page: Page, selector: string) {
  // A string, not a function: tsx would add its own helpers to a function's source, undefined in the page.
  await page.addInitScript(`(() => {
    const sel = ${JSON.stringify(selector)};
    const b = (window.__bench = {});
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.identifier === "bench-row" && b.painted === undefined) b.painted = e.renderTime || e.startTime;
    }).observe({ type: "element", buffered: true });
    const check = () => {
      const row = document.querySelector(sel);
      if (b.inDocument !== undefined || !row) return false;
      b.inDocument = performance.now();
      for (const el of [row, ...row.querySelectorAll("*")])
        if ([...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) el.setAttribute("elementtiming", "bench-row");
      requestAnimationFrame(() => setTimeout(() => (b.afterFrame = performance.now()), 0));
      return true;
    };
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(document, { childList: true, subtree: true });
  })();`);
}

class PaintUnreported extends Error {}

/** One whole load of `url` in `page` (readied by watchContent): its navigation's times from its start. */
async function measureLoad(page: Page, url: string, selector: string): Promise<Load> {
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  await page
    .waitForFunction(
      () => {
        const b = (window as unknown as { __bench: { painted?: number; afterFrame?: number } }).__bench;
        return b.painted !== undefined && b.afterFrame !== undefined;
      },
      undefined,
      { timeout: 10_000 },
    )
    .catch(async (err) => {
      const state = await page.evaluate(() =>
        JSON.stringify((window as unknown as { __bench?: unknown }).__bench ?? null),
      );
      throw new PaintUnreported(
        `${url}: the content (${selector}) did not come on screen (at ${page.url()}, ${state}): ${err}\n${(
          await page.content()
        )
          .replace(/<script[\s\S]*?<\/script>/g, "")
          .replace(/<head>[\s\S]*?<\/head>/, "")
          .slice(0, 3000)}`,
      );
    });
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const b = (window as unknown as { __bench: { inDocument: number; painted: number; afterFrame: number } }).__bench;
    return {
      requestStart: nav.requestStart,
      ttfb: nav.responseStart,
      inDocument: b.inDocument,
      onScreen: b.painted,
      afterFrame: b.afterFrame,
      fcp,
      htmlBytes: nav.decodedBodySize,
    };
  });
}

/**
 * Loads taken again because Chromium reported no paint of the row (no Element Timing entry: seen once
 * in a few hundred loads, when the row was laid out before the observer marked it).
 */
let unreported = 0;

/** `measure`, once more if its row's paint went unreported; a second miss fails the run. */
async function reported(measure: () => Promise<Load>): Promise<Load> {
  try {
    return await measure();
  } catch (err) {
    if (!(err instanceof PaintUnreported)) throw err;
    unreported++;
    return measure();
  }
}

/** A load in a fresh tab: the browser starts the tab's renderer process as the request goes out. */
async function loadInFreshTab(context: BrowserContext, url: string, selector: string): Promise<Load> {
  return reported(async () => {
    const page = await context.newPage();
    try {
      await page.bringToFront();
      await watchContent(page, selector);
      return await measureLoad(page, url, selector);
    } finally {
      await page.close();
    }
  });
}

/**
 * `count` whole loads of `url` in one tab that already shows a page of the same site (`from`), as
 * when the address is typed or the page reloaded in the tab in use: its renderer process is running.
 */
async function loadsInOpenTab(context: BrowserContext, from: string, url: string, selector: string, count: number) {
  const page = await context.newPage();
  await watchContent(page, selector);
  await page.goto(from, { waitUntil: "load", timeout: 60_000 });
  const loads: Load[] = [];
  for (let i = 0; i < count; i++) loads.push(await reported(() => measureLoad(page, url, selector)));
  await page.close();
  return loads;
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
  const browser = await chromium.launch({
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
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
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
    // The floor: the sign-in page, signed out (no data, no session, the same scripts and styles).
    const signedOut = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const floor = {
      name: "Sign-in page, signed out (`/login`: no data; the floor)",
      url: `${server.baseUrl}/login`,
      selector: ".auth-page h1",
      context: signedOut,
      from: `${server.baseUrl}/register`,
    };
    const load0 = os.loadavg()[0]!;
    const steal0 = steal.read();
    const rows: string[] = [];
    for (const p of [...pages.map((q) => ({ ...q, context, from: `${server.baseUrl}/settings` })), floor]) {
      await loadInFreshTab(p.context, p.url, p.selector); // warm-up
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i++) loads.push(await loadInFreshTab(p.context, p.url, p.selector));
      const inTab = await loadsInOpenTab(p.context, p.from, p.url, p.selector, LOADS);
      const html = await htmlTimes(p.context, p.url);
      const onScreen = median(loads.map((l) => l.onScreen));
      const inTabOnScreen = median(inTab.map((l) => l.onScreen));
      const fcps = loads.map((l) => l.fcp).filter((x): x is number => x !== null);
      const met = (x: number) => (x <= TARGET_MS ? "met" : "not met");
      rows.push(
        `| ${p.name} | ${ms(median(loads.map((l) => l.requestStart)))} | ${ms(median(loads.map((l) => l.ttfb)))} | ${ms(median(loads.map((l) => l.inDocument)))} | ${ms(onScreen)} | ${ms(median(loads.map((l) => l.afterFrame)))} | ${ms(fcps.length ? median(fcps) : null)} | ${loads.map((l) => ms(l.onScreen)).join(", ")} | ${ms(median(inTab.map((l) => l.ttfb)))} | ${ms(inTabOnScreen)} | ${inTab.map((l) => ms(l.onScreen)).join(", ")} | ${Math.round(median(loads.map((l) => l.htmlBytes)) / 1024)} | ${ms(median(html))} | ${p === floor ? "—" : `${met(onScreen)} / ${met(inTabOnScreen)}`} |`,
      );
      console.log(rows.at(-1));
    }
    await signedOut.close();
    const search = await searchTimes(context, server.baseUrl);
    const searchRow = `Searching ${count(MONITORS)} monitors by name on the server (\`cronMonitors.list\` with \`search\`, as the list's search box asks, ${search.total} matches for the last): median ${ms(median(search.times))} ms over ${search.times.length} requests (${search.times.map(ms).join(", ")}).`;
    console.log(searchRow);
    const load1 = os.loadavg()[0]!;
    const stolen = steal.percentSince(steal0);
    const section = `## Dashboard in the browser (\`npm run bench:dashboard\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; Chromium (Debian's, headless) through Playwright against
\`npm start\`'s server (NODE_ENV=production, SQLite) on loopback, the browser on the same cores. Load average ${load0.toFixed(1)} when the
loads began and ${load1.toFixed(1)} at the end on ${os.cpus().length} cores, CPU steal ${stolen ?? "?"}%. One account with ${count(MONITORS)} monitors
(5 runs each, one of them failed; 1 in 20 down, late, paused and new) and ${count(SERVICES)} services; each page loaded whole ${LOADS} times
in a fresh tab after one warm-up load, then ${LOADS} times in a tab already showing another page of the dashboard (as when the address
is typed or the page reloaded in the tab in use), signed in; and the sign-in page the same way, signed out, as the floor: a page
with no data and no session, the same scripts and styles. Times are from the start of the navigation: the request sent, first
byte (TTFB), the first row in the document, the first row on screen (the paint of the frame that first showed its text, from
Element Timing: each of its elements holding text is marked \`elementtiming\` as it enters the document), the first task after
that frame (a requestAnimationFrame then a timeout: it also waits for the long task the browser runs next, the page's scripts
and hydration, so it comes later than the paint when one runs), and the first contentful paint; the HTML's size as decoded; and,
without a browser, the median time to read the page's whole HTML over HTTP with the session (the server's share: the page is
sent whole, so it is also its first byte). Target: content on screen within ${TARGET_MS} ms (median), in a fresh tab / in an open tab.

| page | request sent ms | TTFB ms | row in document ms | row on screen ms (median) | first task after that frame ms | first contentful paint ms | on screen, every load | open tab: TTFB ms | open tab: row on screen ms (median) | open tab: every load | HTML KB | whole HTML, server ms | target (fresh / open tab) |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}

${searchRow}${unreported ? ` Loads taken again because Chromium reported no paint of the row: ${unreported}.` : ""}

The lists are pages of 20 whatever the organization holds: state, project, status and name search are filters of the page's
statement on the server (two statements per monitors page, the same with a search), and the overview is counts and short lists
(LIMITed reads). The server render answers the page's queries through the same tRPC procedures and sends the rows in the first
HTML (src/trpc/server.tsx), so the content arrives with the document. A dashboard link fetches its page ahead only when the
pointer rests on it or it is focused: links merely in view fetch nothing (src/components/common/prefetch-link.tsx).`;
    if (RECORD) writeSection("dashboard", section);
    else console.log("BENCH_RECORD=0: docs/performance.md left as it was");
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
