import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { apiMonitor, signedInUser } from "./support";

/** A loopback fake of Discord's webhook endpoint: records each request, answers 200 with a JSON body. */
async function startDiscordFake() {
  const received: { method: string; url: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", body });
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"id":"fake-message-1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { received, base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test("a Discord integration added in the browser sends a test embed and shows the receiver's answer", async ({ page, request }) => {
  const discord = await startDiscordFake();
  try {
    await signedInUser(page, request, "discord");
    await page.goto("/settings");
    await page.getByRole("button", { name: "New integration" }).click();
    const form = page.getByRole("form", { name: "Add integration" });
    await form.getByLabel("Name").fill("Team Discord");
    await form.getByLabel("Kind").selectOption("discord");
    await expect(form.getByText(/Server settings → Integrations → Webhooks/)).toBeVisible();
    await form.getByLabel("Webhook URL").fill(`${discord.base}/api/webhooks/42/discord-token-abcdefgh`);
    await form.getByRole("button", { name: "Add integration" }).click();

    const row = page.getByTestId("integration-row").filter({ has: page.getByText("Team Discord", { exact: true }) });
    await expect(row).toContainText("Discord");
    await expect(row).toContainText(`${discord.base}/…/****`);
    await row.getByRole("button", { name: "Send test to Team Discord" }).click();
    await expect(row.getByTestId("test-outcome")).toContainText("Delivered (HTTP 200)");
    await expect(row.getByTestId("test-outcome")).toContainText('{"id":"fake-message-1"}');
    expect(discord.received).toHaveLength(1);
    expect(discord.received[0]!.url).toBe("/api/webhooks/42/discord-token-abcdefgh");
    expect(JSON.parse(discord.received[0]!.body).embeds[0].title).toBe("Test notification from Lifeline");
  } finally {
    await discord.close();
  }
});

test("an open incident is acknowledged from the incidents page, which then shows who acknowledged it", async ({ page, request }) => {
  const { email, access } = await signedInUser(page, request, "ack");
  const monitor = await apiMonitor(request, access, { name: "Nightly invoices", schedule_kind: "period", period_seconds: 3600 });
  expect((await request.get(`${monitor.ping_url}/fail`)).status()).toBe(200);
  await page.goto("/incidents");
  const row = page.getByTestId("incident-row").filter({ hasText: "Nightly invoices" });
  await expect(row).toContainText("Open");
  await row.getByRole("button", { name: "Acknowledge" }).click();
  await expect(row).toContainText(`Acknowledged by ${email}`);
  await expect(row.getByRole("button", { name: "Acknowledge" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("incident-row").filter({ hasText: "Nightly invoices" })).toContainText(`Acknowledged by ${email}`);
});
