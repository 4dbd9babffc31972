import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signedInUser } from "./support";

// Run rules in the monitor form (docs/api-cron-monitors.md, "Run rules"): a minimum runtime and a
// failure threshold set in the form, a run shorter than the minimum marked in the runs table.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

test("a minimum runtime and a failure threshold set in the form mark a too-short run in the runs table, axe-core clean", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "run-rules");
  await page.goto("/monitors/new");
  await page.getByLabel("Name", { exact: true }).fill("Nightly export");
  await page.getByLabel("Cron expression", { exact: true }).fill("0 2 * * *");
  await page.getByLabel("Minimum runtime (seconds)", { exact: true }).fill("60");
  await page.getByLabel("Failure threshold (runs in a row)", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Create monitor" }).click();
  await expect(page.getByRole("heading", { name: "Nightly export" })).toBeVisible();
  const id = Number(/\/monitors\/(\d+)/.exec(page.url())![1]);

  const auth = { Authorization: `Bearer ${access}` };
  const monitor = (await (await request.get(`/api/v1/cron-monitors/${id}`, { headers: auth })).json()).data;
  expect(monitor).toMatchObject({ min_runtime_seconds: 60, failure_threshold: 2 });
  // A run of well under a minute: its start, then its success.
  expect((await request.get(`${monitor.ping_url}/start`)).status()).toBe(200);
  expect((await request.get(monitor.ping_url)).status()).toBe(200);

  await page.reload();
  const runs = page.getByRole("table").filter({ hasText: "Exit code" });
  await expect(runs.getByRole("row").nth(1)).toContainText("too short");
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
});
