import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { PASSWORD, apiMonitor, uniqueEmail } from "./support";

// The public status page and badges in a real Chromium: hostile names stay inert (no script runs,
// no dialog opens), the page reads with JavaScript off, and the feed and SVG parse as XML.

const PAYLOAD = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">]]>&`;

async function owner(request: import("@playwright/test").APIRequestContext) {
  const email = uniqueEmail("status");
  expect((await request.post("/api/v1/auth/register", { data: { email, password: PASSWORD } })).status()).toBe(201);
  const login = await request.post("/api/v1/auth/login", { data: { email, password: PASSWORD } });
  return ((await login.json()) as { data: { access: string } }).data.access;
}

/** A window over the monitors, going on now (`from` minutes from now, for `minutes`), through REST. */
async function maintenance(
  request: import("@playwright/test").APIRequestContext,
  access: string,
  monitorIds: number[],
  from: number,
  minutes = 60,
) {
  const at = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  const res = await request.post("/api/v1/maintenance-windows", {
    headers: { Authorization: `Bearer ${access}` },
    data: {
      title: from < 0 ? "Database upgrade" : "Network move",
      description: "Writes pause.",
      starts_at: at(from),
      ends_at: at(from + minutes),
      targets: { cron_monitor_ids: monitorIds },
    },
  });
  expect(res.status()).toBe(201);
}

test("a status page with hostile names runs no script, and its feed and a badge's SVG parse as XML", async ({
  page,
  request,
}) => {
  const access = await owner(request);
  const auth = { Authorization: `Bearer ${access}` };
  const monitor = await apiMonitor(request, access, {
    name: `M ${PAYLOAD}`,
    schedule_kind: "period",
    period_seconds: 3600,
  });
  await request.get(monitor.ping_url + "/fail");
  const slug = `xss-${Date.now()}`;
  const created = await request.post("/api/v1/status-pages", {
    headers: auth,
    data: {
      slug,
      title: `T ${PAYLOAD}`,
      description: `D ${PAYLOAD}`,
      components: [{ cron_monitor_id: monitor.id, group: `G ${PAYLOAD}` }],
    },
  });
  expect(created.status()).toBe(201);
  const issued = await request.post("/api/v1/badges", {
    headers: auth,
    data: { cron_monitor_id: monitor.id, label: `<svg onload=alert(1)>]]>&` },
  });
  expect(issued.status()).toBe(201);
  const badge = ((await issued.json()) as { data: { urls: { svg: string } } }).data;

  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/status/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`T ${PAYLOAD}`);
  await expect(page.getByText("Major outage")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator("main img, main script").count()).toBe(0);
  expect(dialogs).toEqual([]);

  const parses = async (path: string, type: string) =>
    page.evaluate(
      async ([p, t]) => {
        const text = await (await fetch(p!)).text();
        const doc = new DOMParser().parseFromString(text, t as DOMParserSupportedType);
        return doc.getElementsByTagName("parsererror").length === 0 ? doc.documentElement.nodeName : "parsererror";
      },
      [path, type],
    );
  expect(await parses(`/status/${slug}/feed`, "application/xml")).toBe("feed");
  expect(await parses(new URL(badge.urls.svg).pathname, "image/svg+xml")).toBe("svg");
  await page.goto(badge.urls.svg.replace(/^https?:\/\/[^/]+/, ""));
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-out visitor reads the overall status and each component's status and uptime", async ({
    page,
    request,
  }) => {
    const access = await owner(request);
    const up = await apiMonitor(request, access, { name: "Backups", schedule_kind: "period", period_seconds: 3600 });
    const down = await apiMonitor(request, access, { name: "Invoices", schedule_kind: "period", period_seconds: 3600 });
    await request.get(up.ping_url);
    await request.get(down.ping_url + "/fail");
    const slug = `nojs-${Date.now()}`;
    const res = await request.post("/api/v1/status-pages", {
      headers: { Authorization: `Bearer ${access}` },
      data: {
        slug,
        title: "Acme",
        components: [
          { cron_monitor_id: up.id, group: "Jobs" },
          { cron_monitor_id: down.id, display_name: "Billing", group: "Jobs" },
        ],
      },
    });
    expect(res.status()).toBe(201);
    await page.goto(`/status/${slug}`);
    await expect(page.getByRole("status")).toHaveText("Partial outage");
    await expect(page.getByRole("heading", { name: "Jobs" })).toBeVisible();
    const backups = page.locator("section.component", { hasText: "Backups" });
    await expect(backups.getByText("Operational")).toBeVisible();
    await expect(
      page.locator("section.component", { hasText: "Billing" }).getByText("Down", { exact: true }),
    ).toBeVisible();
    await expect(backups.locator("ol.bars li")).toHaveCount(90);
    await expect(page.getByText("Billing down from")).toBeVisible();
    // A day's figure shows on keyboard focus (no script): the focused bar's tooltip says its uptime and incidents.
    const today = backups.locator("ol.bars li").last();
    await today.focus();
    const tip = await today.evaluate((el) => ({
      content: getComputedStyle(el, "::after").content,
      name: el.getAttribute("aria-label"),
    }));
    expect(tip.name).toMatch(/^\d{4}-\d{2}-\d{2}: (\d+(\.\d+)?% uptime|no data), \d+ incidents?$/);
    expect(tip.content).toBe(JSON.stringify(tip.name));
    await today.evaluate((el) => (el as HTMLElement).blur());
    expect(await today.evaluate((el) => getComputedStyle(el, "::after").content)).toBe("none");
  });

  test("during maintenance a visitor reads the component under maintenance, the headline and the windows in UTC", async ({
    page,
    request,
  }) => {
    const access = await owner(request);
    const job = await apiMonitor(request, access, { name: "Exports", schedule_kind: "period", period_seconds: 3600 });
    await request.get(job.ping_url + "/fail");
    const slug = `maint-nojs-${Date.now()}`;
    const res = await request.post("/api/v1/status-pages", {
      headers: { Authorization: `Bearer ${access}` },
      data: { slug, title: "Acme", components: [{ cron_monitor_id: job.id }] },
    });
    expect(res.status()).toBe(201);
    await maintenance(request, access, [job.id], -1);
    await maintenance(request, access, [job.id], 24 * 60);
    await page.goto(`/status/${slug}`);
    await expect(page.getByRole("status")).toHaveText("Maintenance in progress");
    await expect(page.locator("section.component").getByText("Under maintenance")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Scheduled maintenance" })).toBeVisible();
    await expect(page.locator("time[data-local]").first()).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
  });

  test("a visitor subscribes through the page's form and is told to check the mail", async ({ page, request }) => {
    const access = await owner(request);
    const slug = `subscribe-${Date.now()}`;
    const res = await request.post("/api/v1/status-pages", {
      headers: { Authorization: `Bearer ${access}` },
      data: { slug, title: "Acme" },
    });
    expect(res.status()).toBe(201);
    await page.goto(`/status/${slug}`);
    await page.getByLabel("Email address").fill(uniqueEmail("visitor"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your mail");
    expect(new URL(page.url()).pathname).toBe(`/status/${slug}/subscribe`);
  });
});

test("the public page with its subscribe form passes axe-core, light and dark, at 360 px and 1280 px", async ({
  page,
  request,
}) => {
  const access = await owner(request);
  const monitor = await apiMonitor(request, access, { name: "Backups", schedule_kind: "period", period_seconds: 3600 });
  await request.get(monitor.ping_url);
  const slug = `axe-${Date.now()}`;
  const res = await request.post("/api/v1/status-pages", {
    headers: { Authorization: `Bearer ${access}` },
    data: { slug, title: "Acme", components: [{ cron_monitor_id: monitor.id }] },
  });
  expect(res.status()).toBe(201);
  // Under maintenance, with one more window scheduled: the section and its colours are checked too.
  await maintenance(request, access, [monitor.id], -1);
  await maintenance(request, access, [monitor.id], 24 * 60);
  for (const colorScheme of ["light", "dark"] as const) {
    for (const size of [
      { width: 360, height: 780 },
      { width: 1280, height: 900 },
    ]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(size);
      await page.goto(`/status/${slug}`);
      await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
      await expect(page.getByRole("status")).toHaveText("Maintenance in progress");
      // With script, /local-time.js rewrites the server's UTC text in the reader's zone and locale.
      await expect(page.locator("time[data-local]").first()).not.toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
      const result = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      expect(
        result.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(" ")) })),
        `${colorScheme} ${size.width}px`,
      ).toEqual([]);
    }
  }
});

test("the favicon, the app icons and the web app manifest are served and linked from the dashboard's pages", async ({
  page,
  request,
}) => {
  await page.goto("/login");
  const links = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute("href")!));
  expect(links).toEqual(
    expect.arrayContaining(["/favicon.ico", "/icon.svg", "/apple-touch-icon.png", "/manifest.webmanifest"]),
  );
  for (const href of links) expect((await request.get(href)).status(), href).toBe(200);
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as { icons: { src: string }[] };
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});
