import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiMonitor, apiProject, signedInUser } from "./support";

// axe-core (WCAG 2.1 A and AA, and its best practices) over every dashboard page, in the light and the
// dark colour scheme, at 360 px and 1280 px: no violation at all.
const SIZES = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
] as const;
const SCHEMES = ["light", "dark"] as const;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  // The rule sets really ran: colour contrast and landmark rules were checked on this page.
  expect(result.passes.map((r) => r.id)).toEqual(expect.arrayContaining(["color-contrast", "region"]));
  return result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
  }));
}

test("every dashboard page passes axe-core with no violation, light and dark, at 360 px and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { access } = await signedInUser(page, request, "axe");
  const project = await apiProject(request, access, "Infrastructure");
  const monitor = await apiMonitor(request, access, {
    name: "Database backup",
    schedule_kind: "cron",
    cron_expression: "30 2 * * *",
    timezone: "Europe/Berlin",
    project_id: project.id,
  });
  const rid = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
  await request.get(`${monitor.ping_url}/start?rid=${rid}`);
  await request.post(`${monitor.ping_url}/0?rid=${rid}`, {
    data: "dump ok\n" + "  a long log line that scrolls sideways ".repeat(20) + "\n",
    headers: { "Content-Type": "text/plain" },
  });
  await request.get(`${monitor.ping_url}/fail`);
  const created = await request.post("/api/v1/services", {
    headers: { Authorization: `Bearer ${access}` },
    data: {
      name: "Database port",
      type: "tcp",
      config: { host: "db.example.com", port: 5432 },
      enabled: false,
      project_id: project.id,
    },
  });
  expect(created.status()).toBe(201);
  const service = ((await created.json()) as { data: { id: number } }).data;
  const integration = await request.post("/api/v1/integrations", {
    headers: { Authorization: `Bearer ${access}` },
    data: { name: "Ops hook", kind: "webhook", url: "https://hooks.example.test/lifeline" },
  });
  expect(integration.status()).toBe(201);
  const statusPage = await request.post("/api/v1/status-pages", {
    headers: { Authorization: `Bearer ${access}` },
    data: {
      slug: `axe-${Date.now()}`,
      title: "Acme status",
      components: [
        { cron_monitor_id: monitor.id, group: "Jobs" },
        { service_id: service.id, display_name: "Database" },
      ],
    },
  });
  expect(statusPage.status()).toBe(201);
  const statusPageId = ((await statusPage.json()) as { data: { id: number } }).data.id;
  // A badge, so the monitor's page shows one with its URLs, copy buttons and preview.
  expect(
    (
      await request.post("/api/v1/badges", {
        headers: { Authorization: `Bearer ${access}` },
        data: { cron_monitor_id: monitor.id },
      })
    ).status(),
  ).toBe(201);
  // A maintenance window running over the project, so the monitor and service pages show their mark.
  const window = await request.post("/api/v1/maintenance-windows", {
    headers: { Authorization: `Bearer ${access}` },
    data: {
      title: "Database upgrade",
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      targets: { project_ids: [project.id] },
    },
  });
  expect(window.status()).toBe(201);

  const incidents = await request.get(`/api/v1/incidents?cron_monitor=${monitor.id}`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  const incidentId = ((await incidents.json()) as { data: { id: number }[] }).data[0]!.id;

  const pages: { path: string; ready: (p: Page) => Locator }[] = [
    { path: "/monitors", ready: (p) => p.getByTestId("monitor-row").first() },
    { path: "/monitors/new", ready: (p) => p.getByTestId("schedule-preview") },
    { path: `/monitors/${monitor.id}`, ready: (p) => p.getByTestId("run-row").first() },
    { path: `/monitors/${monitor.id}/edit`, ready: (p) => p.getByRole("form", { name: "Edit monitor" }) },
    { path: `/monitors/${monitor.id}/runs/${rid}`, ready: (p) => p.getByTestId("run-log") },
    { path: "/projects", ready: (p) => p.getByTestId("project-item").first() },
    { path: "/services", ready: (p) => p.getByTestId("service-row").first() },
    { path: `/services/${service.id}`, ready: (p) => p.getByTestId("service-status-fact") },
    { path: `/services/${service.id}/edit`, ready: (p) => p.getByRole("form", { name: "Save service" }) },
    { path: "/incidents", ready: (p) => p.getByTestId("incident-row").first() },
    { path: `/incidents/${incidentId}`, ready: (p) => p.getByRole("heading", { name: "Dependents affected" }) },
    { path: "/settings", ready: (p) => p.getByRole("heading", { name: "Probes" }) },
    { path: "/status-pages", ready: (p) => p.getByTestId("status-page-row").first() },
    { path: "/maintenance", ready: (p) => p.getByTestId("maintenance-row").first() },
    { path: "/status-pages/new", ready: (p) => p.getByRole("form", { name: "New status page" }) },
    { path: `/status-pages/${statusPageId}`, ready: (p) => p.getByTestId("component-row").first() },
  ];
  const found: Record<string, unknown> = {};
  // Each page loaded once per size and checked in both schemes: the colours are CSS media queries,
  // which follow the emulated scheme without a reload.
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const p of pages) {
      await page.emulateMedia({ colorScheme: SCHEMES[0] });
      await page.goto(p.path);
      await expect(p.ready(page)).toBeVisible();
      const backgrounds = new Set<string>();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        backgrounds.add(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
        const v = await violations(page);
        if (v.length > 0) found[`${p.path} ${scheme} ${size.width}px`] = v;
      }
      expect(backgrounds.size, `${p.path}: the page changed colours with the scheme`).toBe(SCHEMES.length);
    }
  }
  expect(found).toEqual({});
});

test("the sign-in and registration pages pass axe-core, light and dark, at 360 px and 1280 px", async ({ page }) => {
  const found: Record<string, unknown> = {};
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const path of ["/login", "/register"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const v = await violations(page);
        if (v.length > 0) found[`${path} ${scheme} ${size.width}px`] = v;
      }
    }
  }
  expect(found).toEqual({});
});

test("the run log is reached and scrolled by keyboard, and a table that may scroll sideways is reached by keyboard under its name", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "scroll-keys");
  const monitor = await apiMonitor(request, access, {
    name: "Log writer",
    schedule_kind: "period",
    period_seconds: 3600,
  });
  const rid2 = "0d9f6b2e-7c1a-4e3b-9a8d-5f4e3c2b1a00";
  const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1}: ${"output ".repeat(8)}`).join("\n");
  await request.get(`${monitor.ping_url}/start?rid=${rid2}`);
  await request.post(`${monitor.ping_url}/0?rid=${rid2}`, { data: lines, headers: { "Content-Type": "text/plain" } });
  await page.setViewportSize({ width: 360, height: 700 });
  await page.goto(`/monitors/${monitor.id}/runs/${rid2}`);
  const log = page.getByRole("region", { name: "Run log" });
  await expect(log).toContainText("line 200");
  await log.focus();
  await expect(log).toBeFocused();
  await page.keyboard.press("End");
  await expect.poll(() => log.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

  await page.goto(`/monitors/${monitor.id}`);
  const runs = page.getByRole("region", { name: "Runs table" });
  await expect(runs).toBeVisible();
  await expect(runs).toHaveAttribute("tabindex", "0");
  await runs.focus();
  await expect(runs).toBeFocused();
});

test("the integration forms per kind, the events picker and the delivery log pass axe-core, light and dark, at 360 px and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const { access } = await signedInUser(page, request, "axe-integrations");
    const headers = { Authorization: `Bearer ${access}` };
    const apiUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const created = await request.post("/api/v1/integrations", {
      headers,
      data: {
        name: "Ops Telegram",
        kind: "telegram",
        config: { bot_token: "123456:AAbbCCddEEffGGhhIIjjKKll", chat_id: "@ops_room", api_url: apiUrl },
      },
    });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    expect((await request.post(`/api/v1/integrations/${id}/test`, { headers })).status()).toBe(200);
    const found: Record<string, unknown> = {};
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto("/settings");
        const row = page.getByTestId("integration-row").filter({ hasText: "Ops Telegram" });
        await row.getByText("Delivery log").click();
        await expect(row.getByTestId("delivery-log")).toContainText("HTTP 200");
        await page.getByRole("button", { name: "New integration" }).click();
        const form = page.getByRole("form", { name: "Add integration" });
        for (const kind of ["telegram", "webhook", "opsgenie"]) {
          await form.getByLabel("Kind").selectOption(kind);
          await form.getByRole("button", { name: "Add integration" }).click(); // empty: errors beside the fields
          await expect(form.getByRole("alert").first()).toBeVisible();
          const v = await violations(page);
          if (v.length > 0) found[`new ${kind} ${scheme} ${size.width}px`] = v;
        }
        await row.getByRole("button", { name: "Edit Ops Telegram" }).click();
        await expect(page.getByRole("form", { name: "Save integration" }).getByLabel("New bot token")).toBeVisible();
        const v = await violations(page);
        if (v.length > 0) found[`edit telegram ${scheme} ${size.width}px`] = v;
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) found[`sideways overflow ${scheme} ${size.width}px`] = overflow;
      }
    }
    expect(found).toEqual({});
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
