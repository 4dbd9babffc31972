import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { setPlan } from "./operator";
import { signedInUser } from "./support";
import { startLifeline } from "../tests/support/lifeline";

// "Test this check" in the service form: the configuration is checked once by a platform probe before
// it is saved, and every assertion's outcome is shown. It needs a platform probe, which the shared e2e
// servers do not run, so this spec starts a Lifeline of its own (SQLite, embedded platform probe,
// OUTBOUND_ALLOW_PRIVATE=true) and a target on loopback: a JSON API and a page; then a private probe
// process, which the form's "Test from" list offers.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

async function expectNoViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }))).toEqual([]);
}

test("a JSON-assertion check and a browser check are tested in the form before saving, each assertion's outcome shown", async ({
  browser,
}) => {
  test.skip(test.info().project.name !== "chromium", "runs once, on a SQLite Lifeline of its own");
  test.setTimeout(300_000);
  const target = http.createServer((req, res) => {
    req.resume();
    if (req.url === "/api")
      return res.writeHead(200, { "content-type": "application/json" }).end('{"status":"UP","n":3}');
    res
      .writeHead(200, { "content-type": "text/html" })
      .end("<!doctype html><title>Shop</title><p>Open for business</p>");
  });
  await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const server = await startLifeline({ PROBE_EMBEDDED: "true", OUTBOUND_ALLOW_PRIVATE: "true" });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  let agent: ChildProcess | null = null;
  try {
    const page = await context.newPage();
    const { access } = await signedInUser(page, context.request, "test-check");
    await setPlan(context.request, access, "enterprise", server.dataDir);
    await page.goto("/services");

    // A JSON API check: one assertion holds, one does not; both are listed with what was seen.
    await page.getByRole("button", { name: "New service" }).click();
    let form = page.getByRole("form", { name: "Create service" });
    await form.getByLabel("Name", { exact: true }).fill("Shop API");
    await form.getByLabel("URL", { exact: true }).fill(`${origin}/api`);
    await form.getByLabel("Assertions (optional, JSON)", { exact: true }).fill(
      JSON.stringify([
        { source: "json_body", property: "$.status", comparison: "equals", target: "UP" },
        { source: "json_body", property: "$.n", comparison: "greater_than", target: 5 },
      ]),
    );
    await form.getByRole("button", { name: "Test this check" }).click();
    const result = form.getByTestId("test-result");
    await expect(result.getByTestId("test-outcome")).toHaveText(/Down/, { timeout: 30_000 });
    const outcomes = result.getByTestId("assertion-outcome");
    await expect(outcomes).toHaveCount(2);
    await expect(outcomes.nth(0)).toContainText('Passed $.status was "UP", wanted "UP"');
    await expect(outcomes.nth(1)).toContainText("Failed $.n was 3, wanted > 5");
    await expectNoViolations(page);
    // Corrected, tested again, then saved.
    await form
      .getByLabel("Assertions (optional, JSON)", { exact: true })
      .fill(JSON.stringify([{ source: "json_body", property: "$.n", comparison: "less_than", target: 5 }]));
    await form.getByRole("button", { name: "Test this check" }).click();
    await expect(result.getByTestId("test-outcome")).toHaveText(/Up/, { timeout: 30_000 });
    await expect(outcomes).toHaveCount(1);
    await expect(outcomes.nth(0)).toContainText("Passed $.n was 3, wanted < 5");
    await form.getByRole("button", { name: "Create service" }).click();
    // Saved; its page says which probes can serve it (the embedded platform probe runs every type here).
    await page.getByRole("link", { name: "Shop API", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Shop API", level: 1 })).toBeVisible();
    const serving = page.getByTestId("serving-probe");
    await expect(serving).toHaveCount(1);
    await expect(serving).toContainText(/Can serve embedded/);

    // A browser check: its steps run in the probe's Chromium; its response-time assertion is shown.
    await page.goto("/services");
    await page.getByRole("button", { name: "New service" }).click();
    form = page.getByRole("form", { name: "Create service" });
    await form.getByLabel("Name", { exact: true }).fill("Shop page");
    await form.getByLabel("Type", { exact: true }).selectOption("browser");
    await form.getByLabel("URL", { exact: true }).fill(`${origin}/`);
    await form.getByLabel("Steps (optional, JSON)", { exact: true }).fill(
      JSON.stringify([
        { action: "expect_title", contains: "Shop" },
        { action: "expect_text", text: "Open" },
      ]),
    );
    await form
      .getByLabel("Assertions (optional, JSON)", { exact: true })
      .fill(JSON.stringify([{ source: "response_time", comparison: "less_than", target: 30000 }]));
    await form.getByRole("button", { name: "Test this check" }).click();
    const browserResult = form.getByTestId("test-result");
    await expect(browserResult.getByTestId("test-outcome")).toHaveText(/Up/, { timeout: 60_000 });
    await expect(browserResult.getByTestId("assertion-outcome")).toHaveCount(1);
    await expect(browserResult.getByTestId("assertion-outcome")).toContainText(
      /Passed response time \(ms\) was [\d.]+, wanted < 30000/,
    );
    await expectNoViolations(page);
    await form.getByRole("button", { name: "Create service" }).click();
    await expect(page.getByRole("link", { name: "Shop page", exact: true })).toBeVisible();

    // A private probe of the user's organization, once online, is offered under "Test from" and tests from its side.
    const auth = { Authorization: `Bearer ${access}` };
    const made = await context.request.post("/api/v1/probes", { headers: auth, data: { name: "office" } });
    expect(made.status()).toBe(201);
    const probe = (await made.json()).data as { id: number; token: string };
    agent = spawn(process.execPath, ["--import", "tsx", "scripts/probe.ts"], {
      env: { ...process.env, APP_URL: server.baseUrl, PROBE_TOKEN: probe.token },
      stdio: "ignore",
    });
    await expect
      .poll(
        async () =>
          (await (await context.request.get(`/api/v1/probes/${probe.id}`, { headers: auth })).json()).data.status,
        { timeout: 60_000 },
      )
      .toBe("online");
    await page.goto("/services");
    await page.getByRole("button", { name: "New service" }).click();
    form = page.getByRole("form", { name: "Create service" });
    await form.getByLabel("URL", { exact: true }).fill(`${origin}/api`);
    await form.getByLabel("Test from").selectOption({ label: `office (private, ${await orgSlug(context, auth)})` });
    await form.getByRole("button", { name: "Test this check" }).click();
    const fromProbe = form.getByTestId("test-result");
    await expect(fromProbe.getByTestId("test-outcome")).toHaveText(/Up/, { timeout: 60_000 });
    await expect(fromProbe).toContainText(`probe #${probe.id}`);
    await expectNoViolations(page);
  } finally {
    agent?.kill("SIGTERM");
    await context.close();
    await server.stop();
    await new Promise<void>((r) => (target.closeAllConnections(), target.close(() => r())));
  }
});

/** The user's default organization's slug. */
async function orgSlug(context: import("@playwright/test").BrowserContext, auth: Record<string, string>) {
  return (await (await context.request.get("/api/v1/auth/me", { headers: auth })).json()).data.default_org
    .slug as string;
}
