import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { apiMonitor, signedInUser } from "./support";

// The overview at `/`: counts by state, what is failing (linked), axe-core clean in both schemes at both widths.
const SIZES = [
  { width: 360, height: 780 },
  { width: 1280, height: 900 },
] as const;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

const count = (page: Page, group: string, state: string) => page.getByTestId(group).locator(`[data-state=${state}] dd`);

test("the overview counts monitors and services by state, links what is failing, and passes axe-core light and dark at 360 and 1280 px", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { access } = await signedInUser(page, request, "overview");
  const auth = { Authorization: `Bearer ${access}` };
  const body = (name: string) => ({ name, schedule_kind: "period", period_seconds: 3600 });
  await apiMonitor(request, access, body("Fresh job"));
  const up = await apiMonitor(request, access, body("Nightly backup"));
  const down = await apiMonitor(request, access, body("Invoice export"));
  await apiMonitor(request, access, { ...body("Old report"), paused: true });
  expect((await request.get(up.ping_url)).status()).toBe(200);
  expect((await request.get(`${down.ping_url}/fail`)).status()).toBe(200);
  for (const [name, enabled] of [
    ["Website", true],
    ["Legacy API", false],
  ] as const) {
    const res = await request.post("/api/v1/services", {
      headers: auth,
      data: { name, type: "http", config: { url: "https://www.example.test" }, enabled },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const monitors = { new: "1", up: "1", late: "0", down: "1", paused: "1" };
  for (const [state, n] of Object.entries(monitors)) await expect(count(page, "monitor-counts", state)).toHaveText(n);
  const services = { pending: "1", operational: "0", degraded: "0", down: "0", paused: "1" };
  for (const [state, n] of Object.entries(services)) await expect(count(page, "service-counts", state)).toHaveText(n);
  const failing = page.getByTestId("failing").getByRole("listitem");
  await expect(failing).toHaveCount(1);
  await expect(failing).toContainText("Down");
  await expect(page.getByTestId("open-incidents")).toContainText("Invoice export");

  const found: Record<string, unknown> = {};
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto("/");
      await expect(page.getByTestId("monitor-counts")).toBeVisible();
      const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(result.passes.map((r) => r.id)).toEqual(expect.arrayContaining(["color-contrast", "region"]));
      if (result.violations.length > 0)
        found[`${scheme} ${size.width}px`] = result.violations.map((v) => ({
          rule: v.id,
          targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
        }));
    }
  }
  expect(found).toEqual({});

  await failing.getByRole("link", { name: /Invoice export/ }).click();
  await expect(page).toHaveURL(new RegExp(`/monitors/${down.id}$`));
});
