import { expect, test, type Page } from "@playwright/test";
import { apiMonitor, apiProject, monitorRow, signedInUser } from "./support";

/** A `datetime-local` value `minutes` from now, in the browser's own zone. */
const localInput = (page: Page, minutes: number) =>
  page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, minutes);

test("schedule a maintenance window for a project in the browser, see its monitors marked, then delete it", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "maintenance");
  const project = await apiProject(request, access, "Payments");
  await apiMonitor(request, access, {
    name: "Settlement export",
    schedule_kind: "period",
    period_seconds: 3600,
    project_id: project.id,
  });
  const second = await apiMonitor(request, access, {
    name: "Refund sweep",
    schedule_kind: "period",
    period_seconds: 3600,
    project_id: project.id,
  });
  await apiMonitor(request, access, { name: "Newsletter", schedule_kind: "period", period_seconds: 3600 });

  await page.goto("/maintenance");
  await expect(page.getByRole("heading", { name: "Maintenance", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Schedule a maintenance window" });
  await form.getByLabel("Title").fill("Payments database upgrade");
  await form.getByLabel("Starts").fill(await localInput(page, -1));
  await form.getByLabel("Ends").fill(await localInput(page, 120));
  await form.getByTestId("maintenance-projects").getByLabel("Payments").check();
  await form.getByRole("button", { name: "Schedule window" }).click();

  const row = page.getByTestId("maintenance-row").filter({ hasText: "Payments database upgrade" });
  await expect(row).toContainText("Running until");
  await expect(row).toContainText("1 project");

  await page.getByRole("link", { name: "Monitors", exact: true }).click();
  await expect(monitorRow(page, "Settlement export").getByTestId("maintenance-badge")).toContainText(
    "Maintenance until",
  );
  await expect(monitorRow(page, "Refund sweep").getByTestId("maintenance-badge")).toBeVisible();
  await expect(monitorRow(page, "Newsletter")).toBeVisible();
  await expect(monitorRow(page, "Newsletter").getByTestId("maintenance-badge")).toHaveCount(0);

  await page.goto(`/monitors/${second.id}`);
  await expect(page.getByRole("heading", { name: "Refund sweep" })).toBeVisible();
  await expect(page.getByTestId("maintenance-badge")).toContainText("Maintenance until");

  await page.goto("/maintenance");
  await row.getByRole("button", { name: "Delete maintenance window Payments database upgrade" }).click();
  await page.getByRole("button", { name: "Delete window" }).click();
  await expect(page.getByTestId("maintenance-row")).toHaveCount(0);
  await page.goto(`/monitors/${second.id}`);
  await expect(page.getByRole("heading", { name: "Refund sweep" })).toBeVisible();
  await expect(page.getByTestId("maintenance-badge")).toHaveCount(0);
});

test("the maintenance form shows the field a refused window names", async ({ page, request }) => {
  const { access } = await signedInUser(page, request, "maintenance-refused");
  await apiProject(request, access, "Ops");
  await page.goto("/maintenance");
  const form = page.getByRole("form", { name: "Schedule a maintenance window" });
  await form.getByLabel("Title").fill("No targets");
  await form.getByLabel("Starts").fill(await localInput(page, 10));
  await form.getByLabel("Ends").fill(await localInput(page, 20));
  await form.getByRole("button", { name: "Schedule window" }).click();
  await expect(form.getByRole("alert")).toContainText("at least one");
  await expect(page.getByTestId("maintenance-row")).toHaveCount(0);
});
