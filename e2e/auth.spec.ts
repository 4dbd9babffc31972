import { expect, test } from "@playwright/test";

test("a visitor registers through the browser, lands on the dashboard and signs out", async ({ page }) => {
  const email = `e2e-${Date.now()}@example.test`;
  await page.goto("/monitors");
  await expect(page).toHaveURL(/\/login/);

  await page.getByRole("link", { name: "Create one" }).click();
  await expect(page.getByRole("heading", { name: "Create your Lifeline account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/monitors$/);
  await expect(page.getByRole("heading", { name: "Monitors" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
  for (const area of ["Monitors", "Projects", "Services", "Incidents", "Settings"]) {
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: area })).toBeVisible();
  }
  await page.screenshot({ path: "e2e/artifacts/dashboard-after-register.png", fullPage: true });

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/login/);
});

test("a registered user signs in with the same credentials; a wrong password is refused in words", async ({
  page,
  request,
}) => {
  const email = `e2e-login-${Date.now()}@example.test`;
  const reg = await request.post("/api/v1/auth/register", { data: { email, password: "a long enough password" } });
  expect(reg.status()).toBe(201);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Invalid email or password");

  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/monitors$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
});

test("the dashboard session cookie is not a REST credential", async ({ page, request }) => {
  const email = `e2e-cookie-${Date.now()}@example.test`;
  await request.post("/api/v1/auth/register", { data: { email, password: "a long enough password" } });
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/monitors$/);
  const status = await page.evaluate(async () => (await fetch("/api/v1/auth/me")).status);
  expect(status).toBe(401);
});
