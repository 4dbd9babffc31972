import { expect, test } from "@playwright/test";
import { scheduleErrorMessage } from "../src/shared/schedule";
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
