import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const PASSWORD = "a long enough password";

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now()}-${counter}@example.test`;
}

/** Registers through the REST API, then signs in through the browser. Returns the REST access token. */
export async function signedInUser(
  page: Page,
  request: APIRequestContext,
  tag: string,
): Promise<{ email: string; access: string }> {
  const email = uniqueEmail(tag);
  const reg = await request.post("/api/v1/auth/register", { data: { email, password: PASSWORD } });
  expect(reg.status()).toBe(201);
  const login = await request.post("/api/v1/auth/login", { data: { email, password: PASSWORD } });
  const access = ((await login.json()) as { data: { access: string } }).data.access;
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/monitors$/);
  return { email, access };
}

/** Creates a cron monitor through the REST API (for tests that are not about the form). */
export async function apiMonitor(request: APIRequestContext, access: string, body: Record<string, unknown>) {
  const res = await request.post("/api/v1/cron-monitors", {
    headers: { Authorization: `Bearer ${access}` },
    data: body,
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: number; ping_url: string; name: string } }).data;
}

export async function apiProject(request: APIRequestContext, access: string, name: string) {
  const res = await request.post("/api/v1/projects", {
    headers: { Authorization: `Bearer ${access}` },
    data: { name },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: number; name: string } }).data;
}

/** The list row of a monitor, by its name. */
export function monitorRow(page: Page, name: string) {
  return page.getByTestId("monitor-row").filter({ has: page.getByRole("link", { name, exact: true }) });
}
