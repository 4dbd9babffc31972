import fs from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { round } from "./connect";
import { checkClock } from "./clock";
import { guardedProxy } from "./guarded-proxy";
import { judged } from "./judge";
import {
  MAX_SCREENSHOT_BYTES,
  type BrowserCheck,
  type BrowserStep,
  type CheckOptions,
  type CheckResult,
  type StepTiming,
} from "./types";

/** Browser checks a process runs at once at most (BROWSER_CONCURRENCY, default 4): each in its own context. */
const MAX_BROWSERS = Math.max(1, Number(process.env.BROWSER_CONCURRENCY) || 4);
let running = 0;
const queue: (() => void)[] = [];

/** The probe host's Chromium (CHROMIUM_PATH, default Debian's). */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** How long the process keeps its Chromium after the last browser check ended. */
const IDLE_CLOSE_MS = 60_000;

/**
 * The process's one Chromium, shared by its browser checks, each in a context of its own (its own
 * cookies, storage and cache; on platform probes its own proxy): starting a Chromium costs far more
 * than a context, and a check per second at most 4 at once would start one every second. Launched by
 * the first browser check, started again after a crash (a `disconnected` browser is forgotten), and
 * closed once no check has used it for IDLE_CLOSE_MS: a process without browser checks runs none.
 */
const shared: { browser: Promise<Browser> | null; users: number; idle: NodeJS.Timeout | null } = {
  browser: null,
  users: 0,
  idle: null,
};

async function useBrowser(executablePath: string, timeout: number): Promise<Browser> {
  if (shared.idle) clearTimeout(shared.idle);
  shared.idle = null;
  if (!shared.browser) {
    const launching = chromium.launch({
      executablePath,
      timeout,
      args: [
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
      ],
    });
    shared.browser = launching;
    launching.then(
      (b) => b.on("disconnected", () => shared.browser === launching && (shared.browser = null)),
      () => shared.browser === launching && (shared.browser = null),
    );
  }
  const browser = await shared.browser;
  shared.users++;
  return browser;
}

function releaseBrowser() {
  shared.users--;
  if (shared.users > 0 || !shared.browser) return;
  const idle = shared.browser;
  shared.idle = setTimeout(() => {
    if (shared.users > 0 || shared.browser !== idle) return;
    shared.browser = null;
    void idle.then((b) => b.close()).catch(() => undefined);
  }, IDLE_CLOSE_MS);
  shared.idle.unref();
}

/**
 * One browser check: the probe host's Chromium (through playwright-core) opens the URL and runs the
 * check's declarative steps in order, each bounded by what is left of the timeout. No code the
 * user wrote runs: a step is an action on a selector, text, a key or a URL. On platform probes every
 * request goes through a guarded proxy (checks/guarded-proxy.ts). The load is timed (first_byte_ms)
 * and the whole check is the response time; the first step that fails is the reason
 * (`step 3 (click "text=Sign in"): ...`). At most MAX_BROWSERS run at once in a process; a check
 * waiting for its turn spends its own timeout.
 */
export async function runBrowserCheck(check: BrowserCheck, opts: CheckOptions): Promise<CheckResult> {
  const asked = performance.now();
  if (running >= MAX_BROWSERS) {
    const turn = new Promise<boolean>((resolve) => {
      const take = () => (clearTimeout(timer), resolve(true));
      const timer = setTimeout(
        () => (queue.splice(queue.indexOf(take), 1), resolve(false)),
        check.timeoutSeconds * 1000,
      );
      queue.push(take);
    });
    if (!(await turn))
      return checkClock().result(
        "down",
        `timeout after ${check.timeoutSeconds} s waiting for a browser (this probe runs ${MAX_BROWSERS} at once)`,
      );
  } else running++;
  try {
    return await checkInBrowser(check, opts, check.timeoutSeconds * 1000 - (performance.now() - asked));
  } finally {
    // The turn passes straight to the next waiting check, else the browser is free.
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}

async function checkInBrowser(check: BrowserCheck, opts: CheckOptions, budgetMs: number): Promise<CheckResult> {
  const { t0, timing, result } = checkClock();
  const executablePath = chromiumPath();
  if (!fs.existsSync(executablePath))
    return result("down", `this probe cannot run browser checks: no Chromium at ${executablePath}`);
  const deadline = performance.now() + Math.max(1, budgetMs);
  const left = () => Math.max(1, Math.round(deadline - performance.now()));
  const proxy = opts.policy ? await guardedProxy(opts.policy) : null;
  const browser = await useBrowser(executablePath, left()).catch((err: Error) => err);
  if (browser instanceof Error) {
    await proxy?.close();
    return result("down", `this probe cannot start Chromium: ${firstLine(browser.message)}`);
  }
  let at = "load";
  let host = hostOf(check.url);
  let page: Page | null = null;
  let context: BrowserContext | null = null;
  const steps: StepTiming[] = [];
  let began = performance.now();
  // The result with the timings so far; a failed run adds the page's screenshot when it fits the bound.
  const timed = async (outcome: "up" | "down", reason: string | null): Promise<CheckResult> => {
    if (outcome === "down" && steps.length < check.steps.length + 1)
      steps.push({ step: at, ms: round(performance.now() - began) });
    const r = { ...result(outcome, reason), steps };
    if (outcome === "up" || !page) return r;
    const jpeg = await page.screenshot({ type: "jpeg", quality: 50, fullPage: false, timeout: 3000 }).catch(() => null);
    return jpeg && jpeg.length <= MAX_SCREENSHOT_BYTES ? { ...r, screenshot: { jpeg, step: at } } : r;
  };
  try {
    context = await browser.newContext({
      ignoreHTTPSErrors: check.ignoreTlsErrors,
      serviceWorkers: "block",
      acceptDownloads: false,
      ...(proxy ? { proxy: { server: proxy.server, bypass: "<-loopback>" } } : {}),
    });
    page = await context.newPage();
    began = performance.now();
    const answer = await page.goto(check.url, { waitUntil: "load", timeout: left() });
    timing.firstByteMs = round(performance.now() - began);
    if (answer && answer.status() >= 400)
      throw new Error(proxy?.failureOf(host) ?? `the page answered ${answer.status()}`);
    steps.push({ step: at, ms: timing.firstByteMs });
    for (const [i, step] of check.steps.entries()) {
      at = `step ${i + 1} (${describeStep(step)})`;
      host = step.action === "goto" ? hostOf(step.url) : hostOf(page.url());
      began = performance.now();
      await runStep(page, step, left());
      steps.push({ step: at, ms: round(performance.now() - began) });
    }
    const verdict = judged(check, opts, { responseTimeMs: round(performance.now() - t0) });
    return await timed(verdict.outcome, verdict.reason);
  } catch (err) {
    const unreachable = proxy?.failureOf(host);
    if (unreachable) return await timed("down", `${at}: ${unreachable}`);
    if (performance.now() >= deadline) return await timed("down", `${at}: timeout after ${check.timeoutSeconds} s`);
    return await timed("down", `${at}: ${firstLine((err as Error).message)}`);
  } finally {
    await context?.close().catch(() => undefined);
    releaseBrowser();
    await proxy?.close();
  }
}

async function runStep(page: Page, step: BrowserStep, timeout: number): Promise<void> {
  switch (step.action) {
    case "goto":
      await page.goto(step.url, { waitUntil: "load", timeout });
      return;
    case "click":
      await page.click(step.selector, { timeout });
      return;
    case "fill":
      await page.fill(step.selector, step.value, { timeout });
      return;
    case "press":
      if (step.selector) await page.press(step.selector, step.key, { timeout });
      else await page.keyboard.press(step.key);
      return;
    case "wait_for_text":
      await page.getByText(step.text).first().waitFor({ state: "visible", timeout });
      return;
    case "expect_text": {
      const scope = step.selector ? page.locator(step.selector).first() : page.locator("body");
      await scope.waitFor({ state: "attached", timeout });
      const seen = (await scope.innerText({ timeout })) ?? "";
      if (!seen.includes(step.text)) throw new Error(`text ${JSON.stringify(step.text)} not found`);
      return;
    }
    case "expect_url":
      if (!page.url().includes(step.contains))
        throw new Error(
          `URL was ${JSON.stringify(page.url().slice(0, 200))}, wanted containing ${JSON.stringify(step.contains)}`,
        );
      return;
    case "expect_title": {
      const title = await page.title();
      if (!title.includes(step.contains))
        throw new Error(
          `title was ${JSON.stringify(title.slice(0, 200))}, wanted containing ${JSON.stringify(step.contains)}`,
        );
      return;
    }
  }
}

export function describeStep(step: BrowserStep): string {
  switch (step.action) {
    case "goto":
      return `goto ${step.url}`;
    case "click":
      return `click ${JSON.stringify(step.selector)}`;
    case "fill":
      return `fill ${JSON.stringify(step.selector)}`;
    case "press":
      return `press ${step.key}`;
    case "wait_for_text":
    case "expect_text":
      return `${step.action} ${JSON.stringify(step.text)}`;
    case "expect_url":
    case "expect_title":
      return `${step.action} ${JSON.stringify(step.contains)}`;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^\[(.*)\]$/, "$1");
  } catch {
    return "";
  }
}

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? "").replace(/^\w+\.\w+: /, "").slice(0, 300);
}
