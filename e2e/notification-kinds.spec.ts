import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { apiMonitor, signedInUser } from "./support";

/** A loopback fake of a service's endpoint (Discord's webhook, Telegram's Bot API): records each request, answers 200 with `answer` (of the request's number, from 1). */
async function startFakeReceiver(answer: string | ((n: number) => string)) {
  const received: { method: string; url: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", body });
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(typeof answer === "string" ? answer : answer(received.length));
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

test("a Discord integration added in the browser sends a test embed and shows the receiver's answer", async ({
  page,
  request,
}) => {
  const discord = await startFakeReceiver('{"id":"fake-message-1"}');
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

test("an open incident is acknowledged from the incidents page, which then shows who acknowledged it", async ({
  page,
  request,
}) => {
  const { email, access } = await signedInUser(page, request, "ack");
  const monitor = await apiMonitor(request, access, {
    name: "Nightly invoices",
    schedule_kind: "period",
    period_seconds: 3600,
  });
  expect((await request.get(`${monitor.ping_url}/fail`)).status()).toBe(200);
  await page.goto("/incidents");
  const row = page.getByTestId("incident-row").filter({ hasText: "Nightly invoices" });
  await expect(row).toContainText("Open");
  await row.getByRole("button", { name: "Acknowledge" }).click();
  await expect(row).toContainText(`Acknowledged by ${email}`);
  await expect(row.getByRole("button", { name: "Acknowledge" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("incident-row").filter({ hasText: "Nightly invoices" })).toContainText(
    `Acknowledged by ${email}`,
  );
});

const BOT_TOKEN = "123456:AAbbCCddEEffGGhhIIjjKKll";

test("a Telegram integration added through the form shows field errors beside their inputs, sends a test to its API URL and shows the answer", async ({
  page,
  request,
}) => {
  const telegram = await startFakeReceiver('{"ok":true,"result":{"message_id":7}}');
  try {
    await signedInUser(page, request, "telegram");
    await page.goto("/settings");
    await page.getByRole("button", { name: "New integration" }).click();
    const form = page.getByRole("form", { name: "Add integration" });
    await form.getByLabel("Name").fill("Ops Telegram");
    await form.getByLabel("Kind").selectOption("telegram");
    await expect(form.getByRole("link", { name: /BotFather/ })).toHaveAttribute(
      "href",
      /^https:\/\/core\.telegram\.org\//,
    );
    await expect(form.getByLabel("URL", { exact: true })).toHaveCount(0); // no top-level URL for a config kind
    await form.getByLabel("Bot token").fill("not-a-token");
    await form.getByLabel("Chat id").fill("-1001234567890");
    await form.getByRole("button", { name: "Add integration" }).click();
    await expect(form.getByLabel("Bot token")).toHaveAccessibleDescription(/Enter the token @BotFather gave/);
    await expect(form.getByLabel("Chat id")).not.toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Bot token").fill(BOT_TOKEN);
    await form.getByLabel("API URL (optional)").fill(telegram.base);
    await form.getByRole("button", { name: "Add integration" }).click();
    const row = page.getByTestId("integration-row").filter({ has: page.getByText("Ops Telegram", { exact: true }) });
    await expect(row).toContainText("Telegram");
    await expect(row).toContainText("-1001234567890");
    await expect(row).not.toContainText(BOT_TOKEN.slice(7));
    await row.getByRole("button", { name: "Send test to Ops Telegram" }).click();
    await expect(row.getByTestId("test-outcome")).toContainText("Delivered (HTTP 200)");
    await expect(row.getByTestId("test-outcome")).toContainText('"message_id":7');
    expect(telegram.received).toHaveLength(1);
    expect(telegram.received[0]).toMatchObject({ method: "POST", url: `/bot${BOT_TOKEN}/sendMessage` });
    expect(JSON.parse(telegram.received[0]!.body)).toMatchObject({ chat_id: "-1001234567890", parse_mode: "HTML" });
  } finally {
    await telegram.close();
  }
});

test("a Telegram integration renamed in the form keeps its token and events, and its delivery log lists each test", async ({
  page,
  request,
}) => {
  const telegram = await startFakeReceiver((n) => `{"ok":true,"result":{"message_id":${n}}}`);
  try {
    const { access } = await signedInUser(page, request, "telegram-edit");
    const created = await request.post("/api/v1/integrations", {
      headers: { authorization: `Bearer ${access}` },
      data: {
        name: "Night Telegram",
        kind: "telegram",
        config: { bot_token: BOT_TOKEN, chat_id: "@night_ops", api_url: telegram.base },
      },
    });
    expect(created.status()).toBe(201);
    await page.goto("/settings");
    const row = (name: string) =>
      page.getByTestId("integration-row").filter({ has: page.getByText(name, { exact: true }) });
    await row("Night Telegram").getByRole("button", { name: "Send test to Night Telegram" }).click();
    await expect(row("Night Telegram").getByTestId("test-outcome")).toContainText('"message_id":1}');

    await row("Night Telegram").getByRole("button", { name: "Edit Night Telegram" }).click();
    const form = page.getByRole("form", { name: "Save integration" });
    await expect(form.getByLabel("New bot token")).toHaveValue("");
    await expect(form.getByLabel("New bot token")).toHaveAccessibleDescription(/Now: \*\*\*\*/);
    await expect(form.getByLabel("Chat id")).toHaveValue("@night_ops");
    await form.getByLabel("Name").fill("Day Telegram");
    await form.getByRole("checkbox", { name: /Run drifted/ }).uncheck();
    await form.getByRole("button", { name: "Save integration" }).click();
    await expect(form).toHaveCount(0);
    const renamed = row("Day Telegram");
    await expect(renamed).toContainText("Receives: Incident opened, Incident resolved, Incident acknowledged");
    await expect(renamed).not.toContainText("Run drifted");

    await renamed.getByRole("button", { name: "Send test to Day Telegram" }).click();
    await expect(renamed.getByTestId("test-outcome")).toContainText('"message_id":2}');
    expect(telegram.received.map((r) => r.url)).toEqual([
      `/bot${BOT_TOKEN}/sendMessage`,
      `/bot${BOT_TOKEN}/sendMessage`,
    ]);
    expect(JSON.parse(telegram.received[1]!.body).chat_id).toBe("@night_ops");

    await renamed.getByText("Delivery log").click();
    const log = renamed.getByTestId("delivery-log");
    await expect(log.locator("tbody tr")).toHaveCount(2);
    await expect(log.locator("tbody tr").first()).toContainText("Test");
    await expect(log.locator("tbody tr").first()).toContainText("✓ Delivered");
    await expect(log.locator("tbody tr").first()).toContainText("HTTP 200");
  } finally {
    await telegram.close();
  }
});
