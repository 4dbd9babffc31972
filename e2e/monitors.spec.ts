import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { scheduleErrorMessage } from "../src/shared/schedule";
import { setPlan } from "./operator";
import { apiMonitor, monitorRow, PASSWORD, signedInUser, uniqueEmail } from "./support";

test.use({ timezoneId: "America/New_York" });

test("a new user creates a project and a cron monitor in a non-UTC zone while the preview follows every keystroke, and sees it new in the list", async ({
  page,
}) => {
  await page.goto("/register");
  await page.getByLabel("Email").fill(uniqueEmail("create"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/monitors$/);
  await expect(page.getByText("No monitors yet")).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Backups");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByTestId("project-name")).toHaveText(["Backups"]);

  await page.goto("/monitors/new");
  // Every label the issue lists is a visible label of a control.
  for (const label of ["Name", "Schedule kind", "Cron expression", "Timezone", "Grace", "Max runtime", "Project"]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Timezone", { exact: true })).toHaveValue("America/New_York"); // the browser's zone
  await page.getByLabel("Name", { exact: true }).fill("Nightly backup");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Backups" });
  await page.getByLabel("Timezone", { exact: true }).fill("Europe/Berlin");

  const cron = page.getByLabel("Cron expression", { exact: true });
  const preview = page.getByTestId("schedule-preview");
  const fires = page.getByTestId("next-fires");
  const seen: string[] = [];
  const timings: number[] = [];
  for (const key of "30 2 * * *") {
    await cron.press(key === " " ? "Space" : key);
    seen.push(await preview.innerText());
    timings.push(Number(await preview.getAttribute("data-ms")));
  }
  console.log("preview ms per keystroke", timings.join(" "));
  expect(Math.max(...timings)).toBeLessThan(16);
  // The preview changed as the expression grew: invalid while incomplete, then the real times.
  expect(new Set(seen).size).toBeGreaterThan(3);
  await expect(fires.getByRole("row")).toHaveCount(5);
  await expect(fires.getByRole("row").first()).toContainText("02:30");
  await expect(page.getByTestId("schedule-text")).toHaveText(/02:30/);
  const daily = await fires.innerText();

  await cron.press("Backspace");
  await expect(page.getByText(scheduleErrorMessage("invalid_cron_syntax"))).toBeVisible();
  await expect(cron).toHaveAttribute("aria-invalid", "true");
  await cron.press("1"); // Mondays only
  await expect(fires.getByRole("row")).toHaveCount(5);
  expect(await fires.innerText()).not.toBe(daily);
  await expect(fires.getByRole("row").first()).toContainText("Mon");

  await page.getByRole("button", { name: "Create monitor" }).click();
  await expect(page.getByRole("heading", { name: "Nightly backup" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Monitors" }).click();
  const row = monitorRow(page, "Nightly backup");
  await expect(row.locator("[data-state]")).toHaveText(/New/);
  await expect(row).toContainText("Backups");
  await page.screenshot({ path: "e2e/artifacts/monitors-list-new.png", fullPage: true });
});

test("the server's schedule error on save lands on the field it is about", async ({ page, request }) => {
  await signedInUser(page, request, "servererr");
  await page.goto("/monitors/new");
  await page.getByLabel("Name", { exact: true }).fill("Broken");
  await page.getByLabel("Cron expression", { exact: true }).fill("61 * * * *");
  await page.getByRole("button", { name: "Create monitor" }).click();
  const field = page.getByLabel("Cron expression", { exact: true });
  await expect(field).toHaveAccessibleDescription(/Not saved: .*invalid_cron_syntax/);
  await page.getByLabel("Cron expression", { exact: true }).fill("0 * * * *");
  await page.getByLabel("Timezone", { exact: true }).fill("Mars/Olympus");
  await expect(page.getByLabel("Timezone", { exact: true })).toHaveAccessibleDescription(/unknown_timezone/);
  await page.screenshot({ path: "e2e/artifacts/monitor-form-error.png", fullPage: true });
});

test("a ping to the monitor's URL turns it up in the list without reloading, and its run and log show on the monitor page", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "ping");
  const monitor = await apiMonitor(request, access, {
    name: "Hourly report",
    schedule_kind: "cron",
    cron_expression: "0 * * * *",
    timezone: "Europe/Paris",
  });
  await page.goto("/monitors");
  const row = monitorRow(page, "Hourly report");
  await expect(row.locator("[data-state]")).toHaveText(/New/);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const rid = "2b8f1d3e-5c4a-4e7b-9a10-3f2e1d0c9b8a";
  expect((await request.get(`${monitor.ping_url}/start?rid=${rid}`)).status()).toBe(200);
  const log = "backup started\n    indented   line\nfinished";
  expect(
    (
      await request.post(`${monitor.ping_url}/0?rid=${rid}`, { data: log, headers: { "Content-Type": "text/plain" } })
    ).status(),
  ).toBe(200);

  await expect(row.locator("[data-state]")).toHaveText(/Up/);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  await row.getByRole("link", { name: "Hourly report" }).click();
  await expect(page.getByTestId("ping-url")).toHaveText(monitor.ping_url);
  await expect(page.getByTestId("run-row")).toHaveCount(1);
  await page.getByTestId("run-row").getByRole("link").click();
  await expect(page.getByTestId("run-log")).toHaveText(log);
  const whiteSpace = await page.getByTestId("run-log").evaluate((el) => getComputedStyle(el).whiteSpace);
  expect(whiteSpace).toMatch(/^pre/);
  await page.screenshot({ path: "e2e/artifacts/run-detail.png", fullPage: true });
});

test("pause and resume, rotate the token so the old URL answers 404, then delete the monitor", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "actions");
  const monitor = await apiMonitor(request, access, { name: "Cleanup", schedule_kind: "period", period_seconds: 3600 });
  await page.goto(`/monitors/${monitor.id}`);
  await expect(page.getByRole("heading", { name: "Cleanup" })).toBeVisible();

  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.locator("dd [data-state]")).toHaveText(/Paused/);
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.locator("dd [data-state]")).toHaveText(/New/);

  await page.getByRole("button", { name: "Rotate token" }).click();
  await expect(page.getByRole("dialog")).toContainText("stops working at once");
  await page.getByRole("dialog").getByRole("button", { name: "Rotate now" }).click();
  await expect(page.getByTestId("ping-url")).not.toHaveText(monitor.ping_url);
  const fresh = (await page.getByTestId("ping-url").innerText()).trim();
  expect((await request.get(monitor.ping_url)).status()).toBe(404);
  expect((await request.get(fresh)).status()).toBe(200);

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete monitor" }).click();
  await expect(page).toHaveURL(/\/monitors$/);
  await expect(monitorRow(page, "Cleanup")).toHaveCount(0);
  expect((await request.get(fresh)).status()).toBe(404);
});

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return result.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) }));
}

test("the monitors and services lists page, filter and search by name on the server, with no axe violation", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { access } = await signedInUser(page, request, "lists");
  await setPlan(request, access, "enterprise"); // more monitors and services than the Free plan's
  const auth = { Authorization: `Bearer ${access}` };
  const names = Array.from({ length: 45 }, (_, i) =>
    i % 15 === 7 ? `Backup ${i}` : `task ${String(i).padStart(2, "0")}`,
  );
  const monitors = [];
  for (const name of names)
    monitors.push(await apiMonitor(request, access, { name, schedule_kind: "period", period_seconds: 3600 }));
  const paused = monitors[30]!; // "task 30"
  expect(
    (await request.patch(`/api/v1/cron-monitors/${paused.id}`, { headers: auth, data: { paused: true } })).status(),
  ).toBe(200);

  await page.goto("/monitors");
  const rows = page.getByTestId("monitor-row");
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId("monitor-total")).toHaveText("45 monitors");
  await expect(page.getByText("Page 1 of 3")).toBeVisible();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText("Page 2 of 3")).toBeVisible();
  await expect(rows.first()).toContainText("task 20");

  // The search goes to the server (one request once typing pauses) and starts again at page 1.
  const searched = page.waitForRequest(
    (r) => r.url().includes("cronMonitors.list") && decodeURIComponent(r.url()).includes('"search":"backup"'),
  );
  await page.getByLabel("Search by name").fill("backup");
  await searched;
  await expect(page.getByTestId("monitor-total")).toHaveText("3 monitors match");
  await expect(rows).toHaveCount(3);
  await expect(rows.getByRole("link")).toHaveText(["Backup 7", "Backup 22", "Backup 37"]);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("Search by name").fill("");
  await page.getByRole("combobox", { name: "State", exact: true }).selectOption({ label: "Paused" });
  await expect(page.getByTestId("monitor-total")).toHaveText("1 monitor matches");
  await expect(rows.getByRole("link")).toHaveText(["task 30"]);
  await page.getByLabel("Search by name").fill("no such job");
  await expect(page.getByText("No monitor matches these filters.")).toBeVisible();

  // Services: 22, two pages; status filter and search.
  for (let i = 0; i < 22; i++) {
    const res = await request.post("/api/v1/services", {
      headers: auth,
      data: {
        name: i % 10 === 3 ? `Database ${i}` : `site ${String(i).padStart(2, "0")}`,
        type: "http",
        config: { url: "http://127.0.0.1:9/" },
        enabled: i !== 5,
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto("/services");
  const services = page.getByTestId("service-row");
  await expect(services).toHaveCount(20);
  await expect(page.getByTestId("service-total")).toHaveText("22 services");
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(services).toHaveCount(2);
  await page.getByLabel("Search by name").fill("DATABASE");
  await expect(page.getByTestId("service-total")).toHaveText("2 services match");
  await expect(services.getByRole("link")).toHaveText(["Database 3", "Database 13"]);
  await page.getByLabel("Search by name").fill("");
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption({ label: "Paused" });
  await expect(services.getByRole("link")).toHaveText(["site 05"]);
  expect(await axeViolations(page)).toEqual([]);

  // The monitor page's Kubernetes card (beside the wrapper's lines), light at 1280 px and dark at 360 px.
  await page.goto(`/monitors/${monitors[7]!.id}`);
  const card = page.getByTestId("kubernetes-snippet");
  await expect(card.getByRole("region", { name: "CronJob annotations" })).toContainText(
    'lifeline.dev/grace-seconds: "300"',
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await axeViolations(page)).toEqual([]);
});
