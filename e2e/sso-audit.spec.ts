import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { apiMonitor, signedInUser, uniqueEmail } from "./support";
import { startIssuer } from "../tests/support/oidc-issuer";

// Single sign-on configured in Settings and used through the identity provider's own login page (a
// real OpenID Connect issuer, oidc-provider, on loopback), and the audit log page read and filtered.

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
async function expectNoAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The browser reaches loopback only (the issuer's page asks for a web font elsewhere). */
async function loopbackOnly(page: Page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
}

test("an owner configures single sign-on in Settings and a new member signs in through the issuer's login page", async ({
  page,
  request,
}) => {
  await loopbackOnly(page);
  const { access } = await signedInUser(page, request, "sso-owner");
  const me = await request.get("/api/v1/auth/me", { headers: { authorization: `Bearer ${access}` } });
  const slug = ((await me.json()) as { data: { default_org: { slug: string } } }).data.default_org.slug;
  const settings = await request.get(`/api/v1/orgs/${slug}/sso`, { headers: { authorization: `Bearer ${access}` } });
  const redirectUri = ((await settings.json()) as { data: { redirect_uri: string } }).data.redirect_uri;
  const dana = uniqueEmail("sso-dana");
  const issuer = await startIssuer({
    clientId: "lifeline-e2e",
    clientSecret: "e2e-client-secret-value",
    redirectUris: [redirectUri],
    accounts: { dana: { email: dana, email_verified: true, groups: ["ops"] } },
  });
  try {
    await page.goto("/settings");
    const form = page.getByRole("form", { name: "Single sign-on" });
    await expect(form.getByText(redirectUri)).toBeVisible();
    await form.getByLabel("Issuer URL").fill(issuer.issuer);
    await form.getByLabel("Client ID").fill("lifeline-e2e");
    await form.getByLabel("Client secret").fill("e2e-client-secret-value");
    await form.getByLabel("Role of new members").selectOption("viewer");
    await form.getByLabel("Role claim (optional, e.g. groups)").fill("groups");
    await form.getByLabel(/Claim values to roles/).fill("ops = admin");
    await form.getByRole("button", { name: "Save single sign-on" }).click();
    await expect(form.getByRole("status")).toHaveText("Single sign-on saved.");
    await expect(form.getByLabel(/Client secret/)).toHaveValue("");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto(`/login?sso=${slug}`);
    await expect(page.getByLabel("Organization (single sign-on)")).toHaveValue(slug);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Continue with single sign-on" }).click();
    await expect(page).toHaveURL(new RegExp(`^${issuer.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill("dana");
    await page.locator('input[name="password"]').fill("any password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/monitors$/);
    await expect(page.getByTestId("signed-in-as")).toHaveText(dana);
    const members = await request.get(`/api/v1/orgs/${slug}/members`, {
      headers: { authorization: `Bearer ${access}` },
    });
    const list = ((await members.json()) as { data: { email: string; role: string }[] }).data;
    expect(list.find((m) => m.email === dana)?.role).toBe("admin");
  } finally {
    await issuer.close();
  }
});

test("an owner reads the audit log and filters it by action", async ({ page, request }) => {
  const { email, access } = await signedInUser(page, request, "audit-owner");
  await apiMonitor(request, access, { name: "audited nightly", schedule_kind: "cron", cron_expression: "0 3 * * *" });
  await apiMonitor(request, access, { name: "audited hourly", schedule_kind: "cron", cron_expression: "0 * * * *" });
  await page.goto("/audit-log");
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await expect(page.getByTestId("audit-row").filter({ hasText: "cronMonitors.create" })).toHaveCount(2);
  await expect(page.getByTestId("audit-row").filter({ hasText: "sign_in" }).first()).toContainText(email);
  await expectNoAxeViolations(page);
  await page.getByLabel("Action").fill("cronMonitors.create");
  await expect(page.getByTestId("audit-row")).toHaveCount(2);
  await expect(page.getByTestId("audit-row").first()).toContainText("audited hourly");
  await page.getByLabel("Actor").selectOption("service_token");
  await expect(page.getByText("No entries.")).toBeVisible();
  await expectNoAxeViolations(page);
});
