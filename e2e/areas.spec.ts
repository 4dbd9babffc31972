import { expect, test } from "@playwright/test";
import { apiMonitor, signedInUser } from "./support";

test("a failed ping opens an incident that the incidents page lists with a link to its monitor", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "incident");
  const monitor = await apiMonitor(request, access, {
    name: "Invoice export",
    schedule_kind: "period",
    period_seconds: 3600,
  });
  expect((await request.get(`${monitor.ping_url}/fail`)).status()).toBe(200);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Incidents" }).click();
  const row = page.getByTestId("incident-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Open");
  await page.getByLabel("Monitor or service").selectOption({ label: "Invoice export" });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: "Invoice export" }).click();
  await expect(page).toHaveURL(new RegExp(`/monitors/${monitor.id}$`));
  await expect(page.getByTestId("incident-row")).toContainText("Failed run");
});

test("an http service is created, edited and deleted in the browser; a bad URL is refused on its field", async ({
  page,
  request,
}) => {
  await signedInUser(page, request, "service");
  await page.goto("/services");
  await expect(page.getByText("No services yet")).toBeVisible();
  await page.getByRole("button", { name: "New service" }).click();
  const form = page.getByRole("form", { name: "Create service" });
  await form.getByLabel("Name", { exact: true }).fill("Homepage");
  await form.getByLabel("URL").fill("ftp://example.com");
  await form.getByRole("button", { name: "Create service" }).click();
  await expect(form.getByLabel("URL")).toHaveAccessibleDescription(/http:\/\/ or https:\/\//);
  await form.getByLabel("URL").fill("https://example.com/health");
  await form.getByRole("button", { name: "Create service" }).click();
  const row = page.getByTestId("service-row");
  await expect(row).toContainText("Homepage");
  await expect(row).toContainText("GET https://example.com/health");

  await page.getByRole("button", { name: "Edit Homepage" }).click();
  const edit = page.getByRole("form", { name: "Save service" });
  await edit.getByLabel("Type").selectOption("tcp");
  await edit.getByLabel("Host").fill("db.example.com");
  await edit.getByLabel("Port").fill("5432");
  await edit.getByRole("button", { name: "Save service" }).click();
  await expect(row).toContainText("TCP db.example.com:5432");

  await page.getByRole("button", { name: "Delete Homepage" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete service" }).click();
  await expect(page.getByText("No services yet")).toBeVisible();
});

test("a service token is shown once after creation and can be revoked", async ({ page, request }) => {
  await signedInUser(page, request, "tokens");
  await page.goto("/settings");
  await page.getByLabel("Token name").fill("k8s operator");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").innerText()).trim();
  expect(token.length).toBeGreaterThan(20);
  const me = await request.get("/api/v1/cron-monitors", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  await page.getByRole("button", { name: "Revoke k8s operator" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByTestId("token-row")).toHaveCount(0);
  expect((await request.get("/api/v1/cron-monitors", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
    401,
  );
});

test("the profile is saved and a wrong current password is refused in words", async ({ page, request }) => {
  await signedInUser(page, request, "profile");
  await page.goto("/settings");
  await page.getByLabel("First name").fill("Ada");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Ada");
  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password").fill("another long password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByLabel("Current password")).toHaveAccessibleDescription("The current password is wrong");
});
