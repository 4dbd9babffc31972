import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiMonitor, signedInUser } from "./support";

// The dashboard side of status pages, badges and incident updates in a real Chromium: a page built
// in the editor reads signed out with JavaScript off in the chosen order; the public page passes axe
// in light and dark at 360 px and 1280 px; an update with a hostile message runs no script.

const PAYLOAD = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2">]]>&`;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

async function apiService(request: APIRequestContext, access: string, name: string) {
  const res = await request.post("/api/v1/services", {
    headers: { Authorization: `Bearer ${access}` },
    data: { name, type: "tcp", config: { host: "db.example.test", port: 5432 }, enabled: false },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data;
}

/** An open incident of a monitor that failed (answered by the REST list). */
async function openIncident(request: APIRequestContext, access: string, monitorId: number) {
  const res = await request.get(`/api/v1/incidents?cron_monitor=${monitorId}&status=open`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  const rows = ((await res.json()) as { data: { id: number }[] }).data;
  expect(rows.length).toBe(1);
  return rows[0]!;
}

async function addComponent(page: Page, name: string) {
  await page.getByLabel("Cron monitor or service").selectOption({ label: name });
  await page.getByRole("button", { name: "Add component" }).click();
  await expect(page.getByTestId("component-row").filter({ hasText: name })).toBeVisible();
}

const row = (page: Page, name: string) => page.getByTestId("component-row").filter({ hasText: name });

test("a page built in the dashboard (components added, grouped, reordered) reads signed out without JavaScript in the chosen order", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const { access } = await signedInUser(page, request, "builder");
  const backups = await apiMonitor(request, access, { name: "Backups", schedule_kind: "period", period_seconds: 3600 });
  const invoices = await apiMonitor(request, access, {
    name: "Invoices",
    schedule_kind: "period",
    period_seconds: 3600,
  });
  await request.get(backups.ping_url);
  await request.get(`${invoices.ping_url}/fail`);
  await apiService(request, access, "Website");
  const slug = `built-${Date.now()}`;

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Status pages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Status pages" })).toBeVisible();
  await page.getByRole("link", { name: "New status page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New status page" })).toBeVisible();
  await page.getByLabel("Title").fill("Acme status");
  await page.getByLabel("Slug").fill(slug);
  for (const name of ["Backups", "Invoices", "Website"]) await addComponent(page, name);
  await row(page, "Invoices").getByLabel("Public name (optional)").fill("Billing");
  await row(page, "Invoices").getByLabel("Group (optional)").fill("Jobs");
  await row(page, "Backups").getByLabel("Group (optional)").fill("Jobs");
  await row(page, "Website").getByLabel("Group (optional)").fill("Web");
  // Reorder with the keyboard: Website to the top (two moves up), then Invoices above Backups.
  await page.getByRole("button", { name: "Move Website up" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Move Website up" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Move Invoices up" }).click();
  await expect(page.getByTestId("component-row")).toHaveText([/Website/, /Invoices/, /Backups/]);
  await page.getByRole("button", { name: "Create status page" }).click();
  await expect(page).toHaveURL(/\/status-pages\/\d+$/);
  const editorUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Acme status" })).toBeVisible();
  await expect(page.getByTestId("component-row")).toHaveText([/Website/, /Invoices/, /Backups/]);

  await page.goto("/status-pages");
  const listed = page.getByTestId("status-page-row").filter({ hasText: slug });
  await expect(listed).toContainText("Acme status");
  await expect(listed).toContainText("Public");
  await expect(listed.getByRole("link", { name: new RegExp(`/status/${slug}$`) })).toBeVisible();

  // The dashboard's first screen of the list and the editor comes in the first answer (JavaScript off).
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL,
  });
  try {
    const p = await plain.newPage();
    await p.goto("/status-pages");
    await expect(p.getByTestId("status-page-row").filter({ hasText: slug })).toContainText("Acme status");
    await p.goto(editorUrl);
    await expect(p.getByTestId("component-row")).toHaveText([/Website/, /Invoices/, /Backups/]);
    await expect(p.getByLabel("Cron monitor or service")).toBeVisible();
    await expect(p.getByText(/Loading/)).toHaveCount(0);
  } finally {
    await plain.close();
  }

  const visitor = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const pub = await visitor.newPage();
    await pub.goto(`/status/${slug}`);
    await expect(pub.getByRole("heading", { level: 1 })).toHaveText("Acme status");
    await expect(pub.getByRole("status")).toHaveText("Partial outage");
    await expect(pub.locator("main h2")).toContainText(["Web", "Jobs"]);
    await expect(pub.locator("section.component h3")).toHaveText(["Website", "Billing", "Backups"]);
    await expect(pub.locator("section.component strong")).toHaveText(["Paused", "Down", "Operational"]);
    await expect(pub.getByText("Invoices")).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test("a page edited in the dashboard (component removed, password set) changes the public page, and a confirmed delete makes it answer 404", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const { access } = await signedInUser(page, request, "editor");
  const auth = { Authorization: `Bearer ${access}` };
  const backups = await apiMonitor(request, access, { name: "Backups", schedule_kind: "period", period_seconds: 3600 });
  const invoices = await apiMonitor(request, access, {
    name: "Invoices",
    schedule_kind: "period",
    period_seconds: 3600,
  });
  const slug = `edit-${Date.now()}`;
  const created = await request.post("/api/v1/status-pages", {
    headers: auth,
    data: { slug, title: "Acme", components: [{ cron_monitor_id: backups.id }, { cron_monitor_id: invoices.id }] },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;

  await page.goto(`/status-pages/${id}`);
  await expect(page.getByTestId("component-row")).toHaveText([/Backups/, /Invoices/]);
  await page.getByRole("button", { name: "Remove Backups" }).click();
  await page.getByLabel("Visibility").selectOption("password");
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: "Save status page" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const stored = (
    (await (await request.get(`/api/v1/status-pages/${id}`, { headers: auth })).json()) as {
      data: Record<string, unknown>;
    }
  ).data;
  expect(stored).toMatchObject({
    visibility: "password",
    has_password: true,
    components: [{ type: "cron_monitor", id: invoices.id }],
  });
  expect(JSON.stringify(stored)).not.toContain("correct horse battery");

  const visitor = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const pub = await visitor.newPage();
    await pub.goto(`/status/${slug}`);
    await expect(pub.getByRole("heading", { level: 1 })).toHaveText("This status page is protected");
    await pub.getByLabel("Password").fill("correct horse battery");
    await pub.getByRole("button", { name: "Open" }).click();
    await expect(pub.locator("section.component h3")).toHaveText(["Invoices"]);
  } finally {
    await visitor.close();
  }

  await page.getByRole("button", { name: "Delete status page" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete status page" }).click();
  await expect(page).toHaveURL(/\/status-pages$/);
  await expect(page.getByTestId("status-page-row").filter({ hasText: slug })).toHaveCount(0);
  expect((await request.get(`/status/${slug}`)).status()).toBe(404);
});

test("the public status page passes axe-core with no violation, light and dark, at 360 px and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { access } = await signedInUser(page, request, "public-axe");
  const up = await apiMonitor(request, access, { name: "Backups", schedule_kind: "period", period_seconds: 3600 });
  const down = await apiMonitor(request, access, { name: "Invoices", schedule_kind: "period", period_seconds: 3600 });
  await request.get(up.ping_url);
  await request.get(`${down.ping_url}/fail`);
  const incident = await openIncident(request, access, down.id);
  const auth = { Authorization: `Bearer ${access}` };
  expect(
    (
      await request.post(`/api/v1/incidents/${incident.id}/updates`, {
        headers: auth,
        data: { status: "identified", message: "The invoice run hit a full disk." },
      })
    ).status(),
  ).toBe(201);
  const slug = `axe-${Date.now()}`;
  const created = await request.post("/api/v1/status-pages", {
    headers: auth,
    data: {
      slug,
      title: "Acme",
      description: "Jobs and services of Acme.",
      components: [
        { cron_monitor_id: up.id, group: "Jobs" },
        { cron_monitor_id: down.id, display_name: "Billing", group: "Jobs" },
      ],
    },
  });
  expect(created.status()).toBe(201);

  const found: Record<string, unknown> = {};
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 360, height: 780 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`/status/${slug}`);
      await expect(page.getByText("The invoice run hit a full disk.")).toBeVisible();
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(result.passes.map((r) => r.id)).toEqual(expect.arrayContaining(["color-contrast"]));
      if (result.violations.length > 0)
        found[`${scheme} ${size.width}px`] = result.violations.map((v) => ({
          rule: v.id,
          targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
        }));
    }
  }
  expect(found).toEqual({});
});

test("an update posted from the incidents list with a script and onerror payload shows on the public page and runs no script", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "update-xss");
  const monitor = await apiMonitor(request, access, { name: "Exports", schedule_kind: "period", period_seconds: 3600 });
  await request.get(`${monitor.ping_url}/fail`);
  const incident = await openIncident(request, access, monitor.id);
  const slug = `upd-${Date.now()}`;
  expect(
    (
      await request.post("/api/v1/status-pages", {
        headers: { Authorization: `Bearer ${access}` },
        data: { slug, title: "Exports", components: [{ cron_monitor_id: monitor.id }] },
      })
    ).status(),
  ).toBe(201);

  await page.goto("/incidents");
  const open = page.getByTestId("incident-row").first();
  await open.getByRole("button", { name: "Post an update" }).click();
  const form = page.getByRole("form", { name: `Update on incident ${incident.id}` });
  await form.getByLabel("Status").selectOption("monitoring");
  await form.getByLabel("Message").fill(`Fix deployed ${PAYLOAD}`);
  await form.getByRole("button", { name: "Post update" }).click();
  await expect(open.getByRole("status")).toHaveText("Update posted.");

  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/status/${slug}`);
  await expect(page.locator("ol.updates li")).toContainText(`monitoring`);
  await expect(page.locator("ol.updates li")).toContainText(`Fix deployed ${PAYLOAD}`);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator("main img, main script").count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test("a badge issued on a monitor's page shows its URLs and a preview, and answers 404 once revoked", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "badge-ui");
  const monitor = await apiMonitor(request, access, {
    name: "Nightly build",
    schedule_kind: "period",
    period_seconds: 3600,
  });
  await request.get(`${monitor.ping_url}/fail`);
  await page.goto(`/monitors/${monitor.id}`);
  const card = page.getByTestId("badges");
  await card.getByLabel("Label (optional)").fill("CI");
  await card.getByLabel("Up/down only (late shows as up)").check();
  await card.getByRole("button", { name: "Create badge" }).click();
  const item = card.getByTestId("badge-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Up/down only");
  const svgUrl = (await item.getByTestId("badge-url-svg").textContent())!;
  expect(svgUrl).toMatch(/\/badge\/[A-Za-z0-9_-]{32}\.svg$/);
  await expect(item.getByTestId("badge-url-json")).toHaveText(svgUrl.replace(/\.svg$/, ".json"));
  await expect(item.getByTestId("badge-url-shields")).toHaveText(svgUrl.replace(/\.svg$/, "/shields"));
  await expect(item.getByRole("button", { name: "Copy SVG image URL" })).toBeVisible();
  const preview = item.getByRole("img", { name: "Badge preview: CI" });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const path = new URL(svgUrl).pathname;
  expect((await request.get(path)).status()).toBe(200);

  await item.getByRole("button", { name: "Revoke badge CI" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke badge" }).click();
  await expect(card.getByTestId("badge-item")).toHaveCount(0);
  expect((await request.get(path)).status()).toBe(404);
});
