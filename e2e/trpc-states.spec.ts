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

test("an unknown monitor shows the not-found state from the first answer; the live refresh asks again, once per poll, never retried", async ({
  page,
  request,
}) => {
  await signedInUser(page, request, "notfound");
  const statuses = watch(page, "cronMonitors.get");
  await page.goto("/monitors/999999");
  await expect(page.getByRole("heading", { name: "Monitor not available" })).toBeVisible();
  await expect(page.locator("p[role=alert]")).toContainText("not found");
  // The server render gave the refusal: the browser asks only at its next poll (3 s), and a refusal is not retried.
  await expect.poll(() => statuses.length, { timeout: 8000 }).toBe(1);
  await page.waitForTimeout(2000); // a retry would come after about 1 s; the poll after that 3 s later
  // One request (batched with other procedures it answers 207, alone 404), and no retry after it.
  expect(statuses).toHaveLength(1);
  expect([404, 207]).toContain(statuses[0]);
  await expect(page.getByRole("heading", { name: "Monitor not available" })).toBeVisible();
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
