import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page, type Response } from "@playwright/test";
import { apiMonitor, signedInUser } from "./support";

// The dashboard's first screen comes in the first answer: the server render asks the same procedures
// the browser would and hands their answers over (src/trpc/server.tsx), so a page shows its rows and
// figures without JavaScript, and with it asks /api/trpc for nothing it was given.

type Seeded = { monitorId: number; monitorName: string; serviceId: number; serviceName: string };

async function seed(page: Page, request: Page["request"], tag: string): Promise<Seeded> {
  const { access } = await signedInUser(page, request, tag);
  const monitor = await apiMonitor(request, access, {
    name: "Nightly backup",
    schedule_kind: "period",
    period_seconds: 3600,
  });
  for (const [rid, exit] of [
    [randomUUID(), 0],
    [randomUUID(), 1],
  ] as const) {
    expect((await request.get(`${monitor.ping_url}/start?rid=${rid}`)).status()).toBe(200);
    expect((await request.get(`${monitor.ping_url}/${exit}?rid=${rid}`)).status()).toBe(200);
  }
  const created = await request.post("/api/v1/services", {
    headers: { Authorization: `Bearer ${access}` },
    data: { name: "Database port", type: "tcp", config: { host: "db.example.com", port: 5432 }, enabled: false },
  });
  expect(created.status()).toBe(201);
  const service = ((await created.json()) as { data: { id: number; name: string } }).data;
  return { monitorId: monitor.id, monitorName: monitor.name, serviceId: service.id, serviceName: service.name };
}

/** A browser context of the same signed-in user with JavaScript turned off. */
async function withoutJavaScript(browser: Browser, page: Page) {
  return browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL: test.info().project.use.baseURL,
  });
}

test("with JavaScript off, the monitors list, a monitor page and a service page show their rows and figures", async ({
  browser,
  page,
  request,
}) => {
  const s = await seed(page, request, "ssr-nojs");
  const context = await withoutJavaScript(browser, page);
  const plain = await context.newPage();

  await plain.goto("/monitors");
  const row = plain.getByTestId("monitor-row").filter({ hasText: s.monitorName });
  await expect(row).toBeVisible();
  await expect(row.getByRole("img", { name: /^Last 2 runs: / })).toHaveAccessibleName(/1 failed/);
  await expect(plain.getByText("Loading monitors…")).toHaveCount(0);

  await plain.goto(`/monitors/${s.monitorId}`);
  await expect(plain.getByRole("heading", { name: s.monitorName, level: 1 })).toBeVisible();
  await expect(plain.getByTestId("run-row")).toHaveCount(2);
  await expect(plain.getByRole("table").first()).toContainText("Failed");
  await expect(plain.getByTestId("duration-bar")).toHaveCount(2);
  await expect(plain.getByText("No incidents. All quiet.").or(plain.getByTestId("incident-row").first())).toBeVisible();
  await expect(plain.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);

  await plain.goto(`/services/${s.serviceId}`);
  await expect(plain.getByRole("heading", { name: s.serviceName, level: 1 })).toBeVisible();
  await expect(plain.getByTestId("service-status-fact")).toContainText("Paused");
  await expect(plain.getByText("TCP db.example.com:5432")).toBeVisible();
  for (const period of ["24h", "7d", "30d", "90d"])
    await expect(plain.getByTestId(`uptime-${period}`)).toContainText("No checks yet");
  await expect(plain.getByText("No failed checks. All quiet.")).toBeVisible();
  await expect(plain.getByText(/Loading/)).toHaveCount(0);
  await context.close();
});

test("an unknown monitor's not-found state comes in the first answer, with JavaScript off", async ({
  browser,
  page,
  request,
}) => {
  await signedInUser(page, request, "ssr-404");
  const context = await withoutJavaScript(browser, page);
  const plain = await context.newPage();
  await plain.goto("/monitors/999999");
  await expect(plain.getByRole("heading", { name: "Monitor not available" })).toBeVisible();
  await expect(plain.locator("p[role=alert]")).toContainText("not found");
  await plain.goto("/services/999999");
  await expect(plain.getByRole("heading", { name: "Service not available" })).toBeVisible();
  await context.close();
});

/** Records when an element matching `selector` first enters the document (performance.now()). */
async function watchFirstContent(page: Page, selector: string) {
  await page.addInitScript((sel) => {
    const w = window as unknown as { __firstContent?: number };
    const seen = () => {
      if (w.__firstContent === undefined && document.querySelector(sel)) w.__firstContent = performance.now();
      return w.__firstContent !== undefined;
    };
    const observer = new MutationObserver(() => {
      if (seen()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, selector);
}

/** Start times of the page's /api/trpc requests, and when the first content came, on the page's clock. */
async function timeline(page: Page) {
  return page.evaluate(() => ({
    content: (window as unknown as { __firstContent?: number }).__firstContent ?? null,
    trpc: performance
      .getEntriesByType("resource")
      .filter((e) => e.name.includes("/api/trpc"))
      .map((e) => e.startTime),
  }));
}

test("with JavaScript on, the first content is on screen before any /api/trpc request, and what the server gave is not asked again", async ({
  page,
  request,
}) => {
  const s = await seed(page, request, "ssr-js");
  // The browser takes over the server's HTML as it is: a hydration mismatch (React errors 418, 423, 425) would re-render it.
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const pages = [
    { path: "/monitors", selector: "[data-testid=monitor-row]" },
    { path: `/monitors/${s.monitorId}`, selector: "[data-testid=run-row]" },
    { path: `/services/${s.serviceId}`, selector: "[data-testid=uptime-24h]" },
  ];
  for (const p of pages) {
    await watchFirstContent(page, p.selector);
    await page.goto(p.path);
    await expect(page.locator(p.selector).first()).toBeVisible();
    // The live refresh polls every 3 s or more after the page takes over; before that, nothing is asked.
    await page.waitForFunction(() => (window as unknown as { __firstContent?: number }).__firstContent !== undefined);
    const first = await timeline(page);
    await page.waitForTimeout(Math.max(0, first.content! + 2000 - (await page.evaluate(() => performance.now()))));
    const t = await timeline(page);
    expect(t.content, `${p.path}: content seen`).not.toBeNull();
    expect(
      t.trpc.filter((start) => start < t.content! + 2000),
      `${p.path}: /api/trpc requests in the first 2 s after the content`,
    ).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test("the duration bars name a failed run in words and hatch it, so colour is not the only mark", async ({
  page,
  request,
}) => {
  const s = await seed(page, request, "bars");
  await page.goto(`/monitors/${s.monitorId}`);
  const chart = page.getByTestId("duration-chart");
  await expect(chart).toHaveAttribute("aria-label", /2 timed runs.*1 failed/);
  const bars = chart.getByRole("img");
  await expect(bars).toHaveCount(2);
  await expect(bars.nth(0)).toHaveAccessibleName(/^Run 1 of 2: succeeded/);
  await expect(bars.nth(1)).toHaveAccessibleName(/^Run 2 of 2: failed/);
  // The failed bar is filled with the hatch pattern (a shape), the other one plainly.
  const fills = await chart
    .locator("[data-testid=duration-bar] rect.bar")
    .evaluateAll((rects) => rects.map((r) => getComputedStyle(r).fill));
  expect(fills[0]).not.toContain("url(");
  expect(fills[1]).toMatch(/url\("?#hatch-/);
  await expect(page.getByText("No drift baseline yet.")).toBeVisible();
});

test("a link rested on or focused fetches its page ahead (the click shows it without asking /api/trpc for its data), a link only in view fetches nothing", async ({
  page,
  request,
}) => {
  const s = await seed(page, request, "ssr-nav");
  // Links only in view fetch nothing: the page's first 2 s ask the server for no other page.
  const pagesAsked: string[] = [];
  page.on("request", (r) => {
    if (r.headers()["rsc"] === "1") pagesAsked.push(new URL(r.url()).pathname);
  });
  await page.goto("/monitors");
  await expect(page.getByTestId("monitor-row")).toHaveCount(1);
  await page.waitForTimeout(2000);
  expect(pagesAsked).toEqual([]);
  // The page being left keeps polling its own data meanwhile: only the next page's procedures count.
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/trpc/"))
      asked.push(decodeURIComponent(new URL(r.url()).pathname.slice("/api/trpc/".length)));
  });
  const askedFor = (procedures: string[]) =>
    asked.flatMap((path) => path.split(",")).filter((p) => procedures.includes(p));

  const link = page.getByTestId("monitor-row").getByRole("link", { name: s.monitorName, exact: true });
  const ahead = page.waitForRequest(
    (r) => new URL(r.url()).pathname === `/monitors/${s.monitorId}` && r.headers()["rsc"] === "1",
  );
  await link.hover();
  await ahead; // the page's server answer, data included, fetched on hover
  expect(new Set(pagesAsked)).toEqual(new Set([`/monitors/${s.monitorId}`])); // that page only
  await link.click();
  await expect(page.getByTestId("run-row")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: s.monitorName, level: 1 })).toBeVisible();
  expect(askedFor(["cronMonitors.get", "cronRuns.list", "incidents.list"])).toEqual([]);

  // By keyboard: focusing the Services link in the navigation fetches that page ahead too.
  const services = page.waitForRequest((r) => new URL(r.url()).pathname === "/services" && r.headers()["rsc"] === "1");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).focus();
  await services;
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("service-row").filter({ hasText: s.serviceName })).toBeVisible();
  expect(askedFor(["services.list", "serviceMetrics.pulse"])).toEqual([]);
});

test("the first screens load no validation library: zod's code comes only with the pages holding a form that needs it", async ({
  page,
  request,
}) => {
  const s = await seed(page, request, "ssr-bundle");
  /** The scripts a whole load of `path` fetches that hold zod's code (its error class). */
  const zodScripts = async (path: string, ready: string) => {
    const bodies: Promise<string>[] = [];
    const onResponse = (r: Response) => {
      if (r.request().resourceType() === "script")
        bodies.push(r.text().then((t) => (t.includes("ZodError") ? r.url() : "")));
    };
    page.on("response", onResponse);
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    page.off("response", onResponse);
    return (await Promise.all(bodies)).filter(Boolean);
  };
  // A routed context keeps no HTTP cache: every script each page needs is fetched, so it is seen here.
  await page.context().route("**/_next/static/**", (route) => route.continue());
  const firstScreens = [
    { path: "/", ready: "[data-testid=monitor-counts]" },
    { path: "/monitors", ready: "[data-testid=monitor-row]" },
    { path: `/monitors/${s.monitorId}`, ready: "[data-testid=run-row]" },
    { path: "/services", ready: "[data-testid=service-row]" },
    { path: `/services/${s.serviceId}`, ready: "[data-testid=uptime-24h]" },
  ];
  for (const p of firstScreens) expect(await zodScripts(p.path, p.ready), p.path).toEqual([]);
  // The check sees zod where it is loaded: the new-monitor form's page brings it.
  expect(await zodScripts("/monitors/new", "form")).not.toEqual([]);
});
