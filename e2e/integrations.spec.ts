import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiMonitor, signedInUser } from "./support";

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A real HTTP receiver in the test process: records every request; `/broken` answers 500, the rest 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(req.url === "/broken" ? 500 : 200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hmac = (secret: string, body: string) =>
  `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;

function integrationRow(page: Page, name: string) {
  return page.getByTestId("integration-row").filter({ has: page.getByText(name, { exact: true }) });
}

async function apiIntegrations(request: APIRequestContext, access: string) {
  const res = await request.get("/api/v1/integrations", { headers: { Authorization: `Bearer ${access}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number; name: string; url: string | null; is_default: boolean }[] }).data;
}

async function apiMonitorIntegrations(request: APIRequestContext, access: string, id: number) {
  const res = await request.get(`/api/v1/cron-monitors/${id}`, { headers: { Authorization: `Bearer ${access}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { integration_ids: number[] } }).data.integration_ids;
}

test("a webhook integration shows its secret once, a test is delivered signed with it, a monitor keeps it selected, and delete asks first", async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const { access } = await signedInUser(page, request, "integrations");
    await page.goto("/settings");
    await expect(page.getByText("No integrations yet.")).toBeVisible();

    // Create: a URL that is not http(s) is refused on its field, in words.
    await page.getByRole("button", { name: "New integration" }).click();
    const form = page.getByRole("form", { name: "Add integration" });
    await form.getByLabel("Name").fill("Ops webhook");
    await expect(form.getByLabel("Kind")).toHaveValue("webhook");
    await form.getByLabel("URL").fill("ftp://example.com/hook");
    await form.getByRole("button", { name: "Add integration" }).click();
    await expect(form.getByLabel("URL")).toHaveAccessibleDescription(/http:\/\/ or https:\/\//);
    await form.getByLabel("URL").fill(`${receiver.base}/hook`);
    await form.getByRole("button", { name: "Add integration" }).click();

    // The signing secret is shown once.
    const secret = (await page.getByTestId("new-secret").innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    await expect(page.getByRole("button", { name: "Copy secret" })).toBeVisible();
    const row = integrationRow(page, "Ops webhook");
    await expect(row).toContainText(`${receiver.base}/…/****`); // a credential: shown masked
    await expect(row).toContainText("Webhook");
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.reload();
    await expect(row).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // Send test: the receiver gets a POST signed with that secret; the outcome shows in words.
    await row.getByRole("button", { name: "Send test to Ops webhook" }).click();
    await expect(row.getByTestId("test-outcome")).toContainText("Delivered (HTTP 200)");
    expect(receiver.received).toHaveLength(1);
    const hit = receiver.received[0]!;
    expect(hit.method).toBe("POST");
    expect(hit.url).toBe("/hook");
    expect(hit.headers["content-type"]).toMatch(/application\/json/);
    expect(hit.headers["x-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(hit.headers["x-signature"]).toBe(hmac(secret, hit.body));
    expect(hit.headers["x-signature"]).not.toBe(hmac("some other secret", hit.body));
    expect((JSON.parse(hit.body) as { event: string }).event).toBe("test");

    // Edit: a receiver that answers 500 shows the failed attempt in words; the default flag is shown.
    await row.getByRole("button", { name: "Edit Ops webhook" }).click();
    const edit = page.getByRole("form", { name: "Save integration" });
    await expect(edit.getByLabel("Kind")).toBeDisabled();
    await expect(edit.getByLabel("New URL")).toHaveValue("");
    await expect(edit.getByLabel("New URL")).toHaveAccessibleDescription(/Leave empty to keep it/);
    await edit.getByLabel("New URL").fill(`${receiver.base}/broken`);
    await edit.getByLabel(/^Default/).check();
    await edit.getByRole("button", { name: "Save integration" }).click();
    await expect(row).toContainText(`${receiver.base}/…/****`);
    await expect(row).toContainText("Default");
    await row.getByRole("button", { name: "Send test to Ops webhook" }).click();
    await expect(row.getByTestId("test-outcome")).toContainText("Failed: HTTP 500");
    expect(receiver.received.map((r) => r.url)).toEqual(["/hook", "/broken"]);
    const [stored] = await apiIntegrations(request, access);
    expect(stored).toMatchObject({ name: "Ops webhook", url: `${receiver.base}/…/****`, is_default: true });

    // The monitor form lists it; the choice survives save and reload.
    const monitor = await apiMonitor(request, access, {
      name: "Nightly report",
      schedule_kind: "period",
      period_seconds: 3600,
    });
    await page.goto(`/monitors/${monitor.id}/edit`);
    const choices = page.getByRole("group", { name: "Integrations" });
    await expect(choices).toContainText(
      "None selected means the organization's default integrations (Ops webhook) are notified.",
    );
    const box = choices.getByRole("checkbox", { name: /Ops webhook/ });
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/monitors/${monitor.id}$`));
    expect(await apiMonitorIntegrations(request, access, monitor.id)).toEqual([stored!.id]);
    await page.goto(`/monitors/${monitor.id}/edit`);
    await expect(
      page.getByRole("group", { name: "Integrations" }).getByRole("checkbox", { name: /Ops webhook/ }),
    ).toBeChecked();
    await page.reload();
    await expect(
      page.getByRole("group", { name: "Integrations" }).getByRole("checkbox", { name: /Ops webhook/ }),
    ).toBeChecked();

    // Delete asks first; Cancel keeps it, confirming removes it (and the monitor no longer lists it).
    await page.goto("/settings");
    await row.getByRole("button", { name: "Delete Ops webhook" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "Delete Ops webhook" }).click();
    await expect(page.getByRole("dialog")).toContainText("Delete integration Ops webhook?");
    await page.getByRole("dialog").getByRole("button", { name: "Delete integration" }).click();
    await expect(page.getByTestId("integration-row")).toHaveCount(0);
    await expect(page.getByText("No integrations yet.")).toBeVisible();
    expect(await apiIntegrations(request, access)).toEqual([]);
    expect(await apiMonitorIntegrations(request, access, monitor.id)).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test("a new monitor saves the integrations ticked on its form; none ticked means the defaults", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "integrations-new");
  const headers = { Authorization: `Bearer ${access}` };
  for (const data of [
    { name: "Team Slack", kind: "slack", url: "https://hooks.slack.example/services/T0/B0/x", is_default: true },
    { name: "On-call mail", kind: "email", email: "oncall@example.test" },
  ])
    expect((await request.post("/api/v1/integrations", { headers, data })).status()).toBe(201);
  const [slack, mail] = await apiIntegrations(request, access);

  await page.goto("/monitors/new");
  const choices = page.getByRole("group", { name: "Integrations" });
  await expect(choices.getByRole("checkbox")).toHaveCount(2);
  await expect(choices).toContainText("default integrations (Team Slack)");
  await page.getByLabel("Name", { exact: true }).fill("Hourly sync");
  await page.getByLabel("Cron expression", { exact: true }).fill("0 * * * *");
  await choices.getByRole("checkbox", { name: /On-call mail/ }).check();
  await page.getByRole("button", { name: "Create monitor" }).click();
  await expect(page).toHaveURL(/\/monitors\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  expect(await apiMonitorIntegrations(request, access, id)).toEqual([mail!.id]);
  expect(slack!.is_default).toBe(true);
});

test("an email integration awaits its recipient's confirmation: the row says so, a test is refused in words, a re-send within 10 minutes is refused in words", async ({
  page,
  request,
}) => {
  const { access } = await signedInUser(page, request, "integrations-mail");
  await page.goto("/settings");
  await expect(page.getByText("No integrations yet.")).toBeVisible(); // loaded and hydrated
  await page.getByRole("button", { name: "New integration" }).click();
  const form = page.getByRole("form", { name: "Add integration" });
  await form.getByLabel("Name").fill("On-call mail");
  await form.getByLabel("Kind").selectOption("email");
  await expect(form.getByLabel("Email address")).toHaveAccessibleDescription(/confirmation mail/);
  await form.getByLabel("Email address").fill("oncall@example.test");
  await form.getByRole("button", { name: "Add integration" }).click();

  const row = integrationRow(page, "On-call mail");
  await expect(row).toContainText("Awaiting confirmation");
  await row.getByRole("button", { name: "Send test to On-call mail" }).click();
  await expect(row.getByTestId("test-outcome")).toContainText(
    "Not sent: The recipient has not confirmed this address yet",
  );
  // The create mailed the first link a moment ago: another one may go out 10 minutes later (docs/limits.md).
  await row.getByRole("button", { name: "Send the confirmation mail to oncall@example.test again" }).click();
  await expect(row.getByTestId("resend-outcome")).toContainText(
    /Confirmation mail not sent: A confirmation mail of this integration went out less than 10 minutes ago; try again in \d+ seconds/,
  );
  await expect(row.getByRole("button", { name: "Send the confirmation mail to oncall@example.test again" })).toHaveText(
    "Resend confirmation",
  );
  const res = await request.get("/api/v1/integrations", { headers: { Authorization: `Bearer ${access}` } });
  const [mail] = ((await res.json()) as { data: { id: number; confirmed: boolean }[] }).data;
  expect(mail!.confirmed).toBe(false);
  const deliveries = await request.get(`/api/v1/integrations/${mail!.id}/deliveries`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  // One confirmation mail asked for, the refused re-send none (the e2e server has no SMTP_URL, so the attempt is recorded as failed).
  expect(((await deliveries.json()) as { data: { event: string }[] }).data.map((d) => d.event)).toEqual([
    "confirmation",
  ]);
});

const SIZES = [
  { name: "360", width: 360, height: 780 },
  { name: "1280", width: 1280, height: 900 },
] as const;

test("settings with integrations render at 360 px and 1280 px in light and dark themes without sideways overflow", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const { access } = await signedInUser(page, request, "integrations-screens");
    const headers = { Authorization: `Bearer ${access}` };
    for (const data of [
      {
        name: "Deploy pipeline webhook",
        kind: "webhook",
        url: `${receiver.base}/a/very/long/path/for/the/deploy/pipeline/receiver?token=abcdef0123456789`,
        is_default: true,
      },
      { name: "Team Slack", kind: "slack", url: "https://hooks.slack.example/services/T000/B000/XXXXXXXXXXXXXXXX" },
      { name: "On-call mail", kind: "email", email: "oncall@example.test", is_default: true },
      { name: "Broken receiver", kind: "webhook", url: `${receiver.base}/broken` },
    ])
      expect((await request.post("/api/v1/integrations", { headers, data })).status()).toBe(201);

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto("/settings");
        for (const name of ["Deploy pipeline webhook", "Broken receiver"]) {
          const row = integrationRow(page, name);
          await row.getByRole("button", { name: `Send test to ${name}` }).click();
          await expect(row.getByTestId("test-outcome")).toContainText(
            name === "Broken receiver" ? "Failed" : "Delivered",
          );
        }
        await page.getByRole("button", { name: "Edit Team Slack" }).click();
        await expect(page.getByRole("form", { name: "Save integration" })).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.getByRole("heading", { name: "Integrations" }).scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `e2e/artifacts/settings-integrations-${size.name}-${scheme}.png`,
          fullPage: true,
        });
      }
    }
  } finally {
    await receiver.close();
  }
});
