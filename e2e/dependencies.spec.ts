import { expect, test } from "@playwright/test";
import { apiMonitor, signedInUser } from "./support";

test("choose what a monitor depends on in the browser, then see the held children under the parent's incident", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "dependencies");
  const hourly = { schedule_kind: "period", period_seconds: 3600 };
  const parent = await apiMonitor(request, access, { name: "Backup host heartbeat", ...hourly });
  const first = await apiMonitor(request, access, { name: "Database dump", ...hourly });
  const second = await apiMonitor(request, access, { name: "Offsite sync", ...hourly });

  // Both children depend on the parent, chosen in the edit form.
  for (const child of [first, second]) {
    await page.goto(`/monitors/${child.id}/edit`);
    await expect(page.getByRole("button", { name: "Save changes" })).toBeEnabled(); // hydrated
    const choices = page.getByTestId("depends-on-choices");
    await choices.getByLabel("Backup host heartbeat").check();
    await expect(choices.getByLabel(child.name)).toHaveCount(0); // not itself
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("heading", { name: child.name })).toBeVisible();
  }

  // The parent fails, then both children: their incidents are held under the parent's.
  await request.get(`${parent.ping_url}/fail`);
  await request.get(`${first.ping_url}/fail`);
  await request.get(`${second.ping_url}/fail`);

  await page.goto("/incidents");
  await expect(page.getByTestId("incident-row")).toHaveCount(3);
  await expect(page.getByTestId("incident-row").filter({ hasText: "Held under incident" })).toHaveCount(2);
  await page
    .getByTestId("incident-row")
    .filter({ hasText: "Backup host heartbeat" })
    .getByRole("link", { name: "Failed run" })
    .click();

  await expect(page.getByRole("heading", { name: /^Incident #\d+$/, level: 1 })).toBeVisible();
  await expect(page.getByTestId("tree-summary")).toHaveText("2 incidents opened under this one, 2 still open.");
  const nodes = page.getByTestId("tree-node");
  await expect(nodes).toHaveCount(2);
  await expect(nodes.filter({ hasText: "Database dump" })).toBeVisible();
  await expect(nodes.filter({ hasText: "Offsite sync" })).toBeVisible();

  // A child's page names the parent it opened under.
  await nodes
    .filter({ hasText: "Offsite sync" })
    .getByRole("link", { name: /^Incident #\d+$/ })
    .click();
  const opened = page.getByRole("region", { name: "Opened under" });
  await expect(opened).toContainText("Backup host heartbeat");
});
