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

/** The same, each answer with the time it arrived. */
function watchTimed(page: Page, procedure: string) {
  const answers: { status: number; at: number }[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/api/trpc/") && res.url().includes(procedure))
      answers.push({ status: res.status(), at: Date.now() });
  });
  return answers;
}

test("an unknown monitor shows the not-found state from the first answer; the live refresh asks again, once per poll, never retried", async ({
  page,
  request,
}) => {
  await signedInUser(page, request, "notfound");
  const answers = watchTimed(page, "cronMonitors.get");
  await page.goto("/monitors/999999");
  await expect(page.getByRole("heading", { name: "Monitor not available" })).toBeVisible();
  await expect(page.locator("p[role=alert]")).toContainText("not found");
  // The server render gave the refusal: the browser asks only at its polls (every 3 s), and a refusal is
  // not retried (a retry would come about 1 s after it): every answer comes at least 2.5 s after the one
  // before. Timed from the answers themselves, so a slow machine noticing them late changes nothing.
  await expect.poll(() => answers.length, { timeout: 8000 }).toBeGreaterThanOrEqual(1);
  await page.waitForTimeout(4000);
  expect(answers.length).toBeLessThanOrEqual(3);
  for (const [i, a] of answers.entries()) {
    // One request (batched with other procedures it answers 207, alone 404).
    expect([404, 207]).toContain(a.status);
    if (i > 0) expect(a.at - answers[i - 1]!.at).toBeGreaterThan(2500);
  }
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
