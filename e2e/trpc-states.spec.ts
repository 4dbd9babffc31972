import { expect, test, type Page } from "@playwright/test";
import { apiMonitor, signedInUser } from "./support";

/** Answers of one tRPC procedure seen by the page (batched calls carry every procedure in the path). */
function watch(page: Page, procedure: string) {
  const statuses: number[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/api/trpc/") && res.url().includes(procedure)) statuses.push(res.status());
  });
  return statuses;
}

test("an unknown monitor shows the not-found state from a 404, asked once, not retried", async ({ page, request }) => {
  await signedInUser(page, request, "notfound");
  const statuses = watch(page, "cronMonitors.get");
  await page.goto("/monitors/999999");
  await expect(page.getByRole("heading", { name: "Monitor not available" })).toBeVisible();
  await expect(page.locator("p[role=alert]")).toContainText("not found");
  await page.waitForTimeout(2000); // a retry would come after about 1 s; the next poll after 3 s
  // One request (batched with other procedures it answers 207, alone 404), and no retry after it.
  expect(statuses).toHaveLength(1);
  expect([404, 207]).toContain(statuses[0]);
});

test("a session ended elsewhere shows 'Please sign in' from a 401, not retried", async ({ page, request, context }) => {
  const { access } = await signedInUser(page, request, "signedout");
  const monitor = await apiMonitor(request, access, { name: "nightly", schedule_kind: "period", period_seconds: 3600 });
  await page.goto(`/monitors/${monitor.id}`);
  await expect(page.getByRole("heading", { name: "nightly" })).toBeVisible();
  const statuses = watch(page, "cronMonitors.get");
  await context.clearCookies();
  await expect(page.locator("p[role=alert]")).toContainText("Please sign in", { timeout: 8000 });
  await page.waitForTimeout(2000);
  expect(statuses.filter((s) => s === 401)).toHaveLength(1);
  expect(statuses.every((s) => s === 401)).toBe(true);
});
