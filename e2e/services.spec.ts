import { expect, test, type Page } from "@playwright/test";
import { setPlan } from "./operator";
import { signedInUser } from "./support";
import { startTarget, type Target } from "./target-server";
import { startLifeline } from "../tests/support/lifeline";

/** The list row of a service, by its name. */
function serviceRow(page: Page, name: string) {
  return page.getByTestId("service-row").filter({ has: page.getByRole("link", { name, exact: true }) });
}

// The live scenario runs on a Lifeline of its own, started exactly as `npm start` starts it (SQLite,
// a fresh DATA_DIR) with its embedded platform probe and OUTBOUND_ALLOW_PRIVATE=true: the shared e2e
// servers run no probe, since a platform probe checks every service and the other specs create
// services on hosts that are not loopback. A status change needs a check (every 10 s on the
// Enterprise plan), and `down` a confirming re-check 10 s after the first failure: generous, bounded waits.
const CHECKED = { timeout: 60_000 };

let target: Target | null = null;
let stopAfter: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await target?.close();
  target = null;
  await stopAfter?.();
  stopAfter = null;
});

test("an http service created in the browser turns operational with a sparkline, goes down with an open incident when its target fails, and recovers", async ({
  browser,
}) => {
  test.skip(
    test.info().project.name !== "chromium",
    "runs once, on a SQLite Lifeline of its own (the probe path on PostgreSQL: tests/integration/probe-checks.test.ts)",
  );
  test.setTimeout(420_000);
  const server = await startLifeline({ PROBE_EMBEDDED: "true", OUTBOUND_ALLOW_PRIVATE: "true" });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  stopAfter = async () => {
    await context.close();
    await server.stop();
  };
  const page = await context.newPage();
  const request = context.request;
  const { access } = await signedInUser(page, request, "svc-live");
  await setPlan(request, access, "enterprise", server.dataDir); // 10 s checks
  target = await startTarget(200);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
  await expect(page.getByRole("heading", { name: "Services", level: 1 })).toBeVisible();
  await expect(page.getByText("No services yet")).toBeVisible();
  await page.getByRole("button", { name: "New service" }).click();
  const form = page.getByRole("form", { name: "Create service" });
  for (const label of [
    "Name",
    "Type",
    "Check interval (seconds)",
    "URL",
    "Method",
    "Expected status code",
    "Keyword (optional)",
    "Timeout (seconds)",
    "Degraded above (ms, optional)",
  ]) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  }
  await form.getByLabel("Name", { exact: true }).fill("Local API");
  await form.getByLabel("URL", { exact: true }).fill(target.url);
  // Below the plan minimum first: the refusal lands on the interval field.
  await form.getByLabel("Check interval (seconds)", { exact: true }).fill("5");
  await form.getByRole("button", { name: "Create service" }).click();
  await expect(form.getByLabel("Check interval (seconds)", { exact: true })).toHaveAccessibleDescription(
    /at least 10 seconds/,
  );
  await form.getByLabel("Check interval (seconds)", { exact: true }).fill("10");
  await form.getByLabel("Timeout (seconds)", { exact: true }).fill("5");
  await form.getByRole("button", { name: "Create service" }).click();

  const row = serviceRow(page, "Local API");
  await expect(row).toContainText(`GET ${target.url}`);
  await expect(row).toContainText("every 10 s");
  await expect(row.getByTestId("service-status")).toHaveText(/Pending|Operational/);
  await expect(row.getByTestId("service-status")).toHaveText(/Operational/, CHECKED);
  await expect(row.getByRole("img", { name: /^Response times, last 24 hours/ })).toBeVisible(CHECKED);
  await expect(row.getByTestId("uptime-24h")).toContainText("%");
  expect(target.hits()).toBeGreaterThan(0);
  await page.screenshot({ path: "e2e/artifacts/services-list-operational.png", fullPage: true });

  await row.getByRole("link", { name: "Local API" }).click();
  await expect(page.getByRole("heading", { name: "Local API", level: 1 })).toBeVisible();
  const status = page.getByTestId("service-status-fact");
  await expect(status).toContainText("Operational");
  await expect(status).toContainText("since");
  await expect(page.getByTestId("uptime-24h")).toContainText("%", CHECKED);

  target.answer(500);
  await expect(status).toContainText("Down", CHECKED);
  await expect(page.getByTestId("status-reason")).toContainText("unexpected status 500");
  const incidents = page.getByRole("region", { name: "Incidents", exact: true }).getByTestId("incident-row");
  await expect(incidents).toHaveCount(1, CHECKED);
  await expect(incidents).toContainText("Open");
  await expect(incidents).toContainText("Service down");
  await expect(page.getByTestId("error-row").first()).toContainText("500", CHECKED);
  await page.screenshot({ path: "e2e/artifacts/service-down.png", fullPage: true });

  target.answer(200);
  await expect(status).toContainText("Operational", CHECKED);
  await expect(incidents).toHaveCount(1);
  await expect(incidents).toContainText("Resolved", CHECKED);

  // Check now: one check, its result shown on the page.
  await page.getByRole("button", { name: "Check now" }).click();
  const result = page.getByTestId("check-result");
  await expect(result.getByTestId("check-outcome")).toHaveText(/Up/, CHECKED);
  await expect(result).toContainText("200");
  await expect(result).toContainText(/\d+ ms/);
  await expect(page.getByRole("img", { name: /^Response times, last 24 hours/ })).toBeVisible();
  await page.screenshot({ path: "e2e/artifacts/service-recovered.png", fullPage: true });

  // Pause and resume, then delete, as on a monitor's page.
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(status).toContainText("Paused");
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(status).not.toContainText("Paused");
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete service" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByText("No services yet")).toBeVisible();
});

test("the services page says when no platform probe is running to check services that wait on one", async ({
  page,
  request,
}) => {
  // The shared e2e servers run no probe (PROBE_EMBEDDED=false), like web pods run with --web-only.
  const { access } = await signedInUser(page, request, "svc-no-probe");
  const created = await request.post("/api/v1/services", {
    headers: { Authorization: `Bearer ${access}` },
    data: { name: "Shop", type: "http", config: { url: "https://shop.example.com/" } },
  });
  expect(created.status()).toBe(201);
  const status = (await (await request.get("/api/v1/status")).json()) as {
    data: { workers: { platform_probe: { state: string } } };
  };
  expect(status.data.workers.platform_probe.state).toBe("missing");
  await page.goto("/services");
  await expect(serviceRow(page, "Shop").getByTestId("service-status")).toHaveText(/Pending/);
  const notice = page.getByTestId("platform-probe-missing");
  await expect(notice).toContainText("No platform probe is running.");
  await expect(notice).toContainText("npm run probe");
});

test("a service page shows its settings, edits them on its own page, and can be reached by keyboard from the list", async ({
  page,
  request,
}) => {
  await signedInUser(page, request, "svc-page");
  await page.goto("/services");
  await page.getByRole("button", { name: "New service" }).click();
  const form = page.getByRole("form", { name: "Create service" });
  await form.getByLabel("Name", { exact: true }).fill("Database port");
  await form.getByLabel("Type", { exact: true }).selectOption("tcp");
  await form.getByLabel("Host", { exact: true }).fill("db.example.com");
  await form.getByLabel("Port", { exact: true }).fill("5432");
  await form.getByLabel("Enabled (checks run)").uncheck(); // created paused: no probe checks this host
  await form.getByLabel("Port", { exact: true }).press("Enter"); // submits the form
  const row = serviceRow(page, "Database port");
  await expect(row).toContainText("TCP db.example.com:5432");
  await expect(row.getByTestId("service-status")).toHaveText(/Paused/);

  await row.getByRole("link", { name: "Database port" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Database port", level: 1 })).toBeVisible();
  for (const name of ["Uptime", "Check now", "Response times", "Recent errors", "Incidents"]) {
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  }
  await expect(page.getByText("TCP db.example.com:5432")).toBeVisible();
  await expect(page.getByTestId("service-status-fact")).toContainText("Paused");
  await expect(page.getByRole("button", { name: "Check now" })).toBeDisabled();
  await expect(page.getByTestId("check-result")).toContainText("Resume the service to check it");

  await page.getByRole("link", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Save service" });
  await expect(edit.getByLabel("Port", { exact: true })).toHaveValue("5432");
  await edit.getByLabel("Port", { exact: true }).fill("6432");
  await edit.getByRole("button", { name: "Save service" }).click();
  await expect(page.getByRole("heading", { name: "Database port", level: 1 })).toBeVisible();
  await expect(page.getByText("TCP db.example.com:6432")).toBeVisible();
});

test("probes in settings: the Free plan's refusal in words, then a private probe's token shown once, rotated, and the probe deleted after a confirmation naming the service that uses it", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "probes");
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Probes", exact: true });
  await expect(section.getByRole("heading", { name: "Probes", level: 2 })).toBeVisible();

  await section.getByLabel("Probe name", { exact: true }).fill("Office probe");
  await section.getByRole("button", { name: "Register probe" }).click();
  await expect(section.getByRole("alert")).toContainText("Private probes need the Team plan or above");
  await expect(section.getByTestId("probe-token")).toHaveCount(0);

  await setPlan(request, access, "team");
  await section.getByLabel("Location (optional)", { exact: true }).fill("Berlin office");
  await section.getByRole("button", { name: "Register probe" }).click();
  const notice = section.getByTestId("probe-token-notice");
  await expect(notice).toContainText("you will not see it again");
  await expect(notice.getByRole("button", { name: "Copy token" })).toBeVisible();
  const token = (await notice.getByTestId("probe-token").innerText()).trim();
  expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect((await request.get("/api/v1/probe/self", { headers: { "X-Auth": token } })).status()).toBe(200);

  const row = section.getByTestId("probe-row").filter({ hasText: "Office probe" });
  await expect(row).toContainText("Berlin office");
  await notice.getByRole("button", { name: /^Done/ }).click();
  await expect(section.getByTestId("probe-token")).toHaveCount(0);
  await page.reload();
  await expect(row.getByTestId("probe-health")).toHaveText(/Online/); // seen by the call above
  await expect(page.getByText(token)).toHaveCount(0); // never shown again

  await row.getByRole("button", { name: "Rotate the token of Office probe" }).click();
  await expect(page.getByRole("dialog")).toContainText("refused at once");
  await page.getByRole("dialog").getByRole("button", { name: "Rotate now" }).click();
  await expect(notice).toContainText("New token for Office probe");
  await expect(notice).toContainText("you will not see it again");
  const fresh = (await notice.getByTestId("probe-token").innerText()).trim();
  expect(fresh).not.toBe(token);
  expect((await request.get("/api/v1/probe/self", { headers: { "X-Auth": token } })).status()).toBe(401);
  expect((await request.get("/api/v1/probe/self", { headers: { "X-Auth": fresh } })).status()).toBe(200);
  await page.screenshot({ path: "e2e/artifacts/settings-probes-token.png", fullPage: true });

  // A probe in use: the first confirmation is answered by a second one naming the service; only that deletes.
  const auth = { authorization: `Bearer ${access}` };
  const probeId = Number(await row.getAttribute("data-probe-id"));
  const used = await request.post("/api/v1/services", {
    headers: auth,
    data: {
      name: "Office printer",
      type: "tcp",
      config: { host: "printer.example.test", port: 9100 },
      interval: 60,
      probe_ids: [probeId],
    },
  });
  expect(used.status()).toBe(201);
  const serviceId = (await used.json()).data.id as number;
  await row.getByRole("button", { name: "Delete Office probe" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete probe" }).click();
  const inUse = section.getByTestId("probe-in-use");
  await expect(inUse).toContainText(`${serviceId}: Office printer`);
  await expect(row).toHaveCount(1);
  await inUse.getByRole("button", { name: "Move them and delete Office probe" }).click();
  await expect(row).toHaveCount(0);
  await expect(inUse).toHaveCount(0);
  expect((await request.get("/api/v1/probe/self", { headers: { "X-Auth": fresh } })).status()).toBe(401);
  const moved = (await (await request.get(`/api/v1/services/${serviceId}`, { headers: auth })).json()).data;
  expect(moved).toMatchObject({ probe_ids: [], status: "pending" });
  expect(moved.status_reason).toMatch(/^Probe Office probe \(#\d+\) was deleted; the platform probes check it now$/);
});
