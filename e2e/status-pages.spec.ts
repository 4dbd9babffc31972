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
  for (const colorScheme of ["light", "dark"] as const) {
    for (const size of [
      { width: 360, height: 780 },
      { width: 1280, height: 900 },
    ]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(size);
      await page.goto(`/status/${slug}`);
      await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
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
