import { expect, test } from "@playwright/test";
import { apiMonitor, signedInUser } from "./support";

test("snooze a monitor for 1 hour from its page, see until when, then end the snooze", async ({ page, request }) => {
  const { access } = await signedInUser(page, request, "snooze");
  const monitor = await apiMonitor(request, access, {
    name: "Nightly export",
    schedule_kind: "period",
    period_seconds: 3600,
  });
  const read = async () => {
    const res = await request.get(`/api/v1/cron-monitors/${monitor.id}`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    return ((await res.json()) as { data: { snoozed_until: string | null } }).data.snoozed_until;
  };
  await page.goto(`/monitors/${monitor.id}`);
  await expect(page.getByRole("heading", { name: "Nightly export" })).toBeVisible();

  const clicked = Date.now();
  await page.getByRole("group", { name: "Snooze notifications" }).getByRole("button", { name: "Snooze 1 h" }).click();
  await expect(page.getByTestId("snooze").getByRole("status")).toContainText("Snoozed until");
  const until = await read();
  expect(until).not.toBeNull();
  expect(Math.abs(Date.parse(until!) - (clicked + 3600_000))).toBeLessThan(60_000);

  await page.getByRole("button", { name: "End snooze" }).click();
  await expect(page.getByRole("group", { name: "Snooze notifications" })).toBeVisible();
  expect(await read()).toBeNull();
});

test("snooze a service for 8 hours from its page, then end the snooze", async ({ page, request }) => {
  const { access } = await signedInUser(page, request, "snooze-svc");
  const headers = { Authorization: `Bearer ${access}` };
  const created = await request.post("/api/v1/services", {
    headers,
    data: { name: "Billing API", type: "http", config: { url: "http://127.0.0.1:9/" } },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const read = async () =>
    (
      (await (await request.get(`/api/v1/services/${id}`, { headers })).json()) as {
        data: { snoozed_until: string | null };
      }
    ).data.snoozed_until;

  await page.goto(`/services/${id}`);
  await expect(page.getByRole("heading", { name: "Billing API" })).toBeVisible();
  const clicked = Date.now();
  await page.getByRole("group", { name: "Snooze notifications" }).getByRole("button", { name: "Snooze 8 h" }).click();
  await expect(page.getByTestId("snooze").getByRole("status")).toContainText("Snoozed until");
  expect(Math.abs(Date.parse((await read())!) - (clicked + 8 * 3600_000))).toBeLessThan(60_000);
  await page.getByRole("button", { name: "End snooze" }).click();
  await expect(page.getByRole("group", { name: "Snooze notifications" })).toBeVisible();
  expect(await read()).toBeNull();
});
