import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, signedInUser } from "./support";
import { startLifeline } from "../tests/support/lifeline";
import { freePort } from "../tests/support/ports";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

let stopAfter: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await stopAfter?.();
  stopAfter = null;
});

// Chromium refuses WebAuthn on an IP origin, so this scenario runs on a Lifeline of its own whose
// APP_URL (the relying party) is a `localhost` origin, with Chromium's virtual authenticator (CDP).
test("a user adds a security key in Settings, signs in with the password then the key, and removes the key with it", async ({
  browser,
}) => {
  test.skip(
    test.info().project.name !== "chromium",
    "runs once, on a SQLite Lifeline of its own (the key's checks on both engines: the integration tests)",
  );
  test.setTimeout(180_000);
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const server = await startLifeline({ PORT: String(port), APP_URL: appUrl });
  const context = await browser.newContext({ baseURL: appUrl });
  stopAfter = async () => {
    await context.close();
    await server.stop();
  };
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const { email } = await signedInUser(page, context.request, "key");

  await page.goto("/settings");
  await page.getByLabel("Name of the key").fill("Laptop passkey");
  await page.getByRole("button", { name: "Add a security key" }).click();
  const keys = page.getByRole("list", { name: "Security keys" });
  await expect(keys.getByRole("listitem")).toHaveCount(1);
  await expect(keys).toContainText("Laptop passkey");
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Use your security key" }).click();
  await expect(page).toHaveURL(/\/monitors$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);

  // Removing the key asks the key itself (a fresh second factor); the last factor's removal turns two-factor off.
  await page.goto("/settings");
  await expect(keys).toContainText("last used");
  await page.getByRole("button", { name: "Remove security key Laptop passkey" }).click();
  await expect(page.getByText("No security key yet.")).toBeVisible();
  await expect(page.getByText(/Sign-in asks only for your password/)).toBeVisible();
});
