import { expect, test, type Page } from "@playwright/test";
import { apiMonitor, apiProject, signedInUser } from "./support";

const SIZES = [
  { name: "360", width: 360, height: 780 },
  { name: "1280", width: 1280, height: 900 },
] as const;
const SCHEMES = ["light", "dark"] as const;

/** No control may stick out of the viewport sideways (the page itself never scrolls horizontally). */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("every dashboard page renders at 360 px and 1280 px in light and dark themes without sideways overflow", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { access } = await signedInUser(page, request, "screens");
  const project = await apiProject(request, access, "Infrastructure");
  const monitor = await apiMonitor(request, access, {
    name: "Database backup with a rather long name to test wrapping",
    schedule_kind: "cron",
    cron_expression: "30 2 * * *",
    timezone: "Europe/Berlin",
    project_id: project.id,
  });
  await apiMonitor(request, access, { name: "Queue worker heartbeat", schedule_kind: "period", period_seconds: 300 });
  const rid = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
  await request.get(`${monitor.ping_url}/start?rid=${rid}`);
  await request.post(`${monitor.ping_url}/0?rid=${rid}`, {
    data: "dump ok\n  tables: 42\n",
    headers: { "Content-Type": "text/plain" },
  });
  await request.get(`${monitor.ping_url}/fail`);
  const statusPage = await request.post("/api/v1/status-pages", {
    headers: { Authorization: `Bearer ${access}` },
    data: {
      slug: `screens-${Date.now()}`,
      title: "Acme status with a rather long title to test wrapping",
      components: [{ cron_monitor_id: monitor.id, group: "Nightly jobs" }],
    },
  });
  expect(statusPage.status()).toBe(201);
  const statusPageId = ((await statusPage.json()) as { data: { id: number } }).data.id;
  expect(
    (
      await request.post("/api/v1/badges", {
        headers: { Authorization: `Bearer ${access}` },
        data: { cron_monitor_id: monitor.id },
      })
    ).status(),
  ).toBe(201);
  // A maintenance window over the project: its monitors carry their mark.
  const window = await request.post("/api/v1/maintenance-windows", {
    headers: { Authorization: `Bearer ${access}` },
    data: {
      title: "Database upgrade with a rather long title to test wrapping",
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      targets: { project_ids: [project.id] },
    },
  });
  expect(window.status()).toBe(201);

  const pages = [
    { name: "monitors", path: "/monitors", ready: page.getByTestId("monitor-row").first() },
    { name: "monitor-new", path: "/monitors/new", ready: page.getByTestId("schedule-preview") },
    { name: "monitor", path: `/monitors/${monitor.id}`, ready: page.getByTestId("run-row").first() },
    { name: "run", path: `/monitors/${monitor.id}/runs/${rid}`, ready: page.getByTestId("run-log") },
    { name: "projects", path: "/projects", ready: page.getByTestId("project-item").first() },
    { name: "services", path: "/services", ready: page.getByRole("heading", { name: "Services" }) },
    { name: "incidents", path: "/incidents", ready: page.getByTestId("incident-row").first() },
    { name: "status-pages", path: "/status-pages", ready: page.getByTestId("status-page-row").first() },
    { name: "status-page", path: `/status-pages/${statusPageId}`, ready: page.getByTestId("component-row").first() },
    { name: "maintenance", path: "/maintenance", ready: page.getByTestId("maintenance-row").first() },
    { name: "settings", path: "/settings", ready: page.getByRole("cell", { name: /@example.test/ }).first() },
  ];
  // Each page loaded once per size and shown in both schemes (CSS media queries follow the emulated
  // scheme without a reload).
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const p of pages) {
      await page.emulateMedia({ colorScheme: SCHEMES[0] });
      await page.goto(p.path);
      await expect(p.ready).toBeVisible();
      if (p.name === "monitor-new") await page.getByLabel("Cron expression", { exact: true }).fill("0 9 * * 1-5");
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: `e2e/artifacts/${p.name}-${size.name}-${scheme}.png`, fullPage: true });
      }
    }
  }
});
