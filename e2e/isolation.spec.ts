import { expect, test } from "@playwright/test";
import { apiMonitor, apiProject, monitorRow, signedInUser } from "./support";

test("a second user sees neither the first user's monitors nor projects in the browser", async ({
  browser,
  request,
}) => {
  const first = await browser.newContext();
  const firstPage = await first.newPage();
  const a = await signedInUser(firstPage, request, "owner");
  await apiProject(request, a.access, "Secret project");
  const monitor = await apiMonitor(request, a.access, {
    name: "Secret job",
    schedule_kind: "period",
    period_seconds: 600,
  });
  await firstPage.goto("/monitors");
  await expect(monitorRow(firstPage, "Secret job")).toHaveCount(1);

  const second = await browser.newContext();
  const page = await second.newPage();
  await signedInUser(page, request, "stranger");
  await expect(page.getByText("No monitors yet")).toBeVisible();
  await expect(page.getByText("Secret job")).toHaveCount(0);
  await page.goto(`/monitors/${monitor.id}`);
  await expect(page.getByRole("heading", { name: "Monitor not available" })).toBeVisible();
  await expect(page.getByText("Secret job")).toHaveCount(0);
  await page.goto(`/monitors/${monitor.id}/edit`);
  await expect(page.getByRole("heading", { name: "Monitor not available" })).toBeVisible();
  await page.goto("/projects");
  await expect(page.getByText("No projects yet")).toBeVisible();
  await expect(page.getByText("Secret project")).toHaveCount(0);
  const log = await page.request.get(`/api/dashboard/runs/${monitor.id}/x/log`);
  expect(log.status()).toBe(404);
  await first.close();
  await second.close();
});
