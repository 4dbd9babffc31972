import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { ping } from "../support/monitors";
import { eventually, rows, seedMonitor, sweep } from "../support/sweeper";
import { startKindReceiver } from "../support/kind-receiver";

// Permanent refusals, idempotent retries, body templates and per-kind validation of `config`,
// against loopback fakes of the services.

const quietPeriod = () => new Promise((r) => setTimeout(r, 2500)); // longer than a retry's backoff and the embedded sweeper's poll

async function create(user: TestUser, body: Record<string, unknown>) {
  const res = await call("POST", "/integrations", { token: user.access, body: { name: "alerts", ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; secret?: string; config: Record<string, unknown>; failing: unknown };
}

async function openIncident(user: TestUser, integrationId: number) {
  const m = await seedMonitor(user, { integrationIds: [integrationId] });
  expect((await ping(m.ping_token, "/fail")).status).toBe(200);
  await sweep(null);
  await eventually(
    async () =>
      (await rows("SELECT processed_at FROM outbox WHERE cron_monitor_id = ? AND processed_at IS NOT NULL", m.id))
        .length === 1,
  );
  return m;
}

describe("permanent refusals", () => {
  it("a Discord 404 stops retries after one attempt and marks the integration failing; a later successful test clears it", async () => {
    const receiver = await startKindReceiver((n) =>
      n === 1 ? { status: 404, body: '{"message":"Unknown Webhook","code":10015}' } : { status: 204, body: "" },
    );
    try {
      const user = await registerUser("refused");
      const hook = await create(user, {
        kind: "discord",
        config: { url: `${receiver.base}/api/webhooks/1/gone-webhook-token` },
      });
      expect(hook.failing).toBeNull();
      await openIncident(user, hook.id);
      await quietPeriod();
      expect(receiver.received).toHaveLength(1);
      expect(
        await rows("SELECT attempt, status, response_status FROM deliveries WHERE integration_id = ?", hook.id),
      ).toEqual([{ attempt: 1, status: "failed", response_status: 404 }]);
      const listed = await call("GET", "/integrations", { token: user.access });
      expect(listed.body.data[0].failing).toMatchObject({ reason: "HTTP 404" });
      expect(listed.body.data[0].failing.since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

      const test = await call("POST", `/integrations/${hook.id}/test`, { token: user.access });
      expect(test.body.data).toMatchObject({ status: "success", response_status: 204 });
      expect((await call("GET", `/integrations/${hook.id}`, { token: user.access })).body.data.failing).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it("Telegram's 'bot was blocked by the user' marks the integration failing with Telegram's reason; a 500 does not", async () => {
    const blocked = '{"ok":false,"error_code":403,"description":"Forbidden: bot was blocked by the user"}';
    const receiver = await startKindReceiver((n) =>
      n === 1 ? { status: 500, body: '{"ok":false}' } : { status: 403, body: blocked },
    );
    try {
      const user = await registerUser("blocked");
      const bot = await create(user, {
        kind: "telegram",
        config: { bot_token: "123456:ABCdefGhIJKlmNoPQRsTUVwxyZ", chat_id: "42", api_url: receiver.base },
      });
      const first = await call("POST", `/integrations/${bot.id}/test`, { token: user.access });
      expect(first.body.data).toMatchObject({ status: "failed", response_status: 500, error: "HTTP 500" });
      expect((await call("GET", `/integrations/${bot.id}`, { token: user.access })).body.data.failing).toBeNull();
      const second = await call("POST", `/integrations/${bot.id}/test`, { token: user.access });
      expect(second.body.data).toMatchObject({ status: "failed", response_status: 403, answer: blocked });
      const shown = (await call("GET", `/integrations/${bot.id}`, { token: user.access })).body.data;
      expect(shown.failing.reason).toBe("HTTP 403: Forbidden: bot was blocked by the user");
    } finally {
      await receiver.close();
    }
  });
});

describe("idempotent retries", () => {
  it("Matrix: a send retried after a 500 is the same PUT transaction (same txnId)", async () => {
    const receiver = await startKindReceiver((n) =>
      n === 1 ? { status: 500, body: '{"errcode":"M_UNKNOWN"}' } : { status: 200, body: '{"event_id":"$e"}' },
    );
    try {
      const user = await registerUser("matrix-retry");
      const room = await create(user, {
        kind: "matrix",
        config: { homeserver_url: receiver.base, room_id: "!r:example.org", access_token: "syt_token_abcdefgh" },
      });
      await openIncident(user, room.id);
      await quietPeriod();
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received.map((r) => r.method)).toEqual(["PUT", "PUT"]);
      expect(receiver.received[1]!.path).toBe(receiver.received[0]!.path);
      expect(receiver.received[0]!.path).toMatch(new RegExp(`/send/m\\.room\\.message/lifeline-\\d+-${room.id}$`));
    } finally {
      await receiver.close();
    }
  });
});

describe("webhook body_template", () => {
  it("fills placeholders JSON-escaped into a JSON template, signs the body, and accepts url and secret in config", async () => {
    const receiver = await startKindReceiver();
    try {
      const user = await registerUser("template");
      const secret = "a-signing-secret-of-32-characters";
      const hook = await create(user, {
        kind: "webhook",
        config: {
          url: `${receiver.base}/in`,
          secret,
          body_template: '{"text":"{{monitor.name}} is down: {{incident.reason}}","event":"{{event}}"}',
        },
      });
      expect(hook.config).toEqual({
        body_template: '{"text":"{{monitor.name}} is down: {{incident.reason}}","event":"{{event}}"}',
      });
      const m = await seedMonitor(user, { integrationIds: [hook.id] });
      const name = 'backup "db" \\ nightly';
      expect((await call("PATCH", `/cron-monitors/${m.id}`, { token: user.access, body: { name } })).status).toBe(200);
      await ping(m.ping_token, "/fail");
      await sweep(null);
      await eventually(() => receiver.received.length >= 1);
      const seen = receiver.received[0]!;
      expect(seen.headers["content-type"]).toBe("application/json");
      expect(seen.headers["x-signature"]).toBe(
        `sha256=${crypto.createHmac("sha256", secret).update(seen.body).digest("hex")}`,
      );
      const body = JSON.parse(seen.body);
      expect(body.event).toBe("incident.opened");
      expect(body.text.startsWith(`${name} is down: `)).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});

describe("config validation", () => {
  it("refuses a missing or malformed config field with an error keyed config.<field>, and top-level fields a kind does not take", async () => {
    const user = await registerUser("config-errors");
    const post = (body: Record<string, unknown>) =>
      call("POST", "/integrations", { token: user.access, body: { name: "x", ...body } });
    const missing = await post({ kind: "discord" });
    expectStandardError(missing, 400, "VALIDATION_ERROR");
    expect(missing.body.error.details).toEqual({ "config.url": ["A discord integration needs config.url"] });
    const badToken = await post({ kind: "telegram", config: { bot_token: "nope", chat_id: "42" } });
    expectStandardError(badToken, 400, "VALIDATION_ERROR");
    expect(Object.keys(badToken.body.error.details)).toEqual(["config.bot_token"]);
    const unknownField = await post({
      kind: "ntfy",
      config: { url: "https://ntfy.example", topic: "t", colour: "red" },
    });
    expectStandardError(unknownField, 400, "VALIDATION_ERROR");
    const topLevel = await post({
      kind: "gotify",
      url: "https://gotify.example",
      config: { url: "https://gotify.example", token: "tok" },
    });
    expect(topLevel.body.error.details).toEqual({ url: ["An integration of kind gotify takes no url"] });
    const unknownKind = await post({ kind: "carrier_pigeon" });
    expectStandardError(unknownKind, 400, "VALIDATION_ERROR");
    expect((await call("GET", "/integrations", { token: user.access })).body.data).toEqual([]);
  });

  it("PATCH merges config: a credential sent back masked keeps the stored one, a new one replaces it, a bad one is refused and nothing changes", async () => {
    const receiver = await startKindReceiver();
    try {
      const user = await registerUser("config-patch");
      const ntfy = await create(user, {
        kind: "ntfy",
        config: { url: receiver.base, topic: "first", token: "tk_first_token_123456" },
      });
      const patch = (config: Record<string, unknown>) =>
        call("PATCH", `/integrations/${ntfy.id}`, { token: user.access, body: { config } });
      const kept = await patch({ ...ntfy.config, topic: "second" });
      expect(kept.status).toBe(200);
      expect(kept.body.data.config).toMatchObject({ topic: "second", token: ntfy.config.token });
      expectStandardError(await patch({ priority: 9 }), 400, "VALIDATION_ERROR");
      expectStandardError(await patch({ token: "****1234" }), 400, "VALIDATION_ERROR");
      await call("POST", `/integrations/${ntfy.id}/test`, { token: user.access });
      expect(receiver.received[0]!.headers.authorization).toBe("Bearer tk_first_token_123456");
      expect(JSON.parse(receiver.received[0]!.body).topic).toBe("second");
      expect((await patch({ token: "tk_second_token_654321" })).status).toBe(200);
      await call("POST", `/integrations/${ntfy.id}/test`, { token: user.access });
      expect(receiver.received[1]!.headers.authorization).toBe("Bearer tk_second_token_654321");
    } finally {
      await receiver.close();
    }
  });

  it("another organization can neither read nor change an integration's config", async () => {
    const alice = await registerUser("config-alice");
    const bob = await registerUser("config-bob");
    const hook = await create(alice, {
      kind: "pagerduty",
      config: { routing_key: "R0123456789abcdef0123456789ABCDE" },
    });
    expectStandardError(await call("GET", `/integrations/${hook.id}`, { token: bob.access }), 404, "NOT_FOUND");
    expectStandardError(
      await call("PATCH", `/integrations/${hook.id}`, {
        token: bob.access,
        body: { config: { routing_key: "X0123456789abcdef0123456789ABCDE" } },
      }),
      404,
      "NOT_FOUND",
    );
    expect(
      (await call("GET", `/integrations/${hook.id}`, { token: alice.access })).body.data.config.routing_key,
    ).toMatch(/^\*\*\*\*/);
  });
});
