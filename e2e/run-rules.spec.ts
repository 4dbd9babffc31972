import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signedInUser } from "./support";

// Run rules in the monitor form (docs/api-cron-monitors.md, "Run rules"): every rule set in the form,
// a refused one shown on its field, read back by the API and the edit form; a run shorter than the
// minimum marked in the runs table and under the minimum-runtime line of the duration chart. The
// service form's failure and recovery thresholds the same way.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

async function axeClean(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
}

test("every run rule set in the form is stored and shown again, a refused one is named on its field, a too-short run is marked in the runs table and under the chart's minimum-runtime line, axe-core clean", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "run-rules");
  await page.goto("/monitors/new");
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field("Name").fill("Nightly export");
  await field("Cron expression").fill("0 2 * * *");
  await field("Minimum runtime (seconds)").fill("60");
  await field("Maximum runs per period").fill("10");
  await field("Expected runs per period").fill("1");
  await field("Runs period").fill("2");
  await field("Runs period unit").selectOption({ label: "hours" });
  await field("Failure threshold (runs in a row)").fill("2");
  await field("Failure rate (% of runs failed)").fill("50");
  await field("Failure rate window (runs)").fill("101");
  await field("Recovery threshold (runs in a row)").fill("2");
  await field("Failure keywords (comma-separated)").fill("ERROR, Traceback");
  await field("Success keywords (comma-separated)").fill("exported");
  await page.getByLabel("Match keywords case-sensitively").check();
  await page.getByRole("button", { name: "Create monitor" }).click();

  // Refused: said in words on its own field, the form kept as typed.
  const windowField = field("Failure rate window (runs)");
  await expect(windowField).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await windowField.getAttribute("aria-describedby"))!.split(" ")[0]!;
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(/failure_rate_window must be 2 to 100/);
  await axeClean(page);
  await windowField.fill("4");
  await page.getByRole("button", { name: "Create monitor" }).click();
  await expect(page.getByRole("heading", { name: "Nightly export" })).toBeVisible();
  const id = Number(/\/monitors\/(\d+)/.exec(page.url())![1]);

  const auth = { Authorization: `Bearer ${access}` };
  const monitor = (await (await request.get(`/api/v1/cron-monitors/${id}`, { headers: auth })).json()).data;
  expect(monitor).toMatchObject({
    min_runtime_seconds: 60,
    max_runs_per_period: 10,
    expected_runs_per_period: 1,
    runs_period_seconds: 7200,
    failure_threshold: 2,
    failure_rate_pct: 50,
    failure_rate_window: 4,
    recovery_threshold: 2,
    failure_keywords: ["ERROR", "Traceback"],
    success_keywords: ["exported"],
    keywords_case_sensitive: true,
  });

  // The edit form shows every rule as stored.
  await page.goto(`/monitors/${id}/edit`);
  await expect(field("Minimum runtime (seconds)")).toHaveValue("60");
  await expect(field("Maximum runs per period")).toHaveValue("10");
  await expect(field("Expected runs per period")).toHaveValue("1");
  await expect(field("Runs period")).toHaveValue("2");
  await expect(field("Runs period unit")).toHaveValue("3600");
  await expect(field("Failure threshold (runs in a row)")).toHaveValue("2");
  await expect(field("Failure rate (% of runs failed)")).toHaveValue("50");
  await expect(field("Failure rate window (runs)")).toHaveValue("4");
  await expect(field("Recovery threshold (runs in a row)")).toHaveValue("2");
  await expect(field("Failure keywords (comma-separated)")).toHaveValue("ERROR, Traceback");
  await expect(field("Success keywords (comma-separated)")).toHaveValue("exported");
  await expect(page.getByLabel("Match keywords case-sensitively")).toBeChecked();
  await axeClean(page);

  // Two runs of well under a minute: each a start, then its success.
  for (let i = 0; i < 2; i++) {
    expect((await request.get(`${monitor.ping_url}/start`)).status()).toBe(200);
    expect((await request.post(monitor.ping_url, { data: "exported 12 rows" })).status()).toBe(200);
  }

  await page.goto(`/monitors/${id}`);
  const runs = page.getByRole("table").filter({ hasText: "Exit code" });
  await expect(runs.getByRole("row").nth(1)).toContainText("too short");
  const chart = page.getByTestId("duration-chart");
  await expect(chart).toHaveAttribute("aria-label", /minimum runtime 1 min/);
  const line = chart.getByTestId("min-runtime-line");
  await expect(line).toHaveAttribute("data-seconds", "60");
  // Both runs' bars end below the line (a larger y is lower in the chart).
  const lineY = Number(await line.getAttribute("y1"));
  for (const bar of await chart.locator("[data-testid=duration-bar] rect.bar").all())
    expect(Number(await bar.getAttribute("y"))).toBeGreaterThan(lineY);
  await axeClean(page);
});

test("a service's failure and recovery thresholds set in the form are stored and shown again, a refused one is named on its field, axe-core clean", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "service-thresholds");
  await page.goto("/services");
  await page.getByRole("button", { name: "New service" }).click();
  const form = page.getByRole("form", { name: "Create service" });
  await form.getByLabel("Name", { exact: true }).fill("Checkout API");
  await form.getByLabel("URL", { exact: true }).fill("http://127.0.0.1:9/health");
  const failure = form.getByLabel("Failure threshold (checks in a row)", { exact: true });
  await expect(failure).toHaveValue("2");
  await failure.fill("11");
  await form.getByLabel("Recovery threshold (checks in a row)", { exact: true }).fill("3");
  await form.getByRole("button", { name: "Create service" }).click();
  await expect(failure).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("failure_threshold must be 1 to 10")).toBeVisible();
  await axeClean(page);
  await failure.fill("4");
  await form.getByRole("button", { name: "Create service" }).click();
  await expect(page.getByRole("link", { name: "Checkout API" })).toBeVisible();

  const auth = { Authorization: `Bearer ${access}` };
  const list = (await (await request.get("/api/v1/services", { headers: auth })).json()).data;
  const service = list.find((s: { name: string }) => s.name === "Checkout API");
  expect(service).toMatchObject({ failure_threshold: 4, recovery_threshold: 3 });

  await page.goto(`/services/${service.id}/edit`);
  await expect(page.getByLabel("Failure threshold (checks in a row)", { exact: true })).toHaveValue("4");
  await expect(page.getByLabel("Recovery threshold (checks in a row)", { exact: true })).toHaveValue("3");
  await axeClean(page);
});
