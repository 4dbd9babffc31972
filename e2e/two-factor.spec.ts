import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { PASSWORD, signedInUser } from "./support";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a user enrols an authenticator app in Settings and signs in with a code from it", async ({ page, request }) => {
  const { email } = await signedInUser(page, request, "totp");
  await page.goto("/settings");
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code of the authenticator app's secret" })).toBeVisible();
  await expectNoAxeViolations(page);

  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  const step = Math.floor(Date.now() / 30_000);
  await page.getByLabel("Code from the app").fill(totp.generate({ timestamp: (step - 1) * 30_000 }));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expect(page.getByTestId("totp-secret")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(/not valid/);
  await page
    .getByLabel("Authentication code")
    .fill(totp.generate({ timestamp: Math.max(step, Math.floor(Date.now() / 30_000)) * 30_000 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/monitors$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
});
