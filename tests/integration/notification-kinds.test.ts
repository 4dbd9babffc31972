import { describe, expect, it } from "vitest";
import { baseUrl, call, registerUser, type TestUser } from "../support/http";
import { ping } from "../support/monitors";
import { eventually, seedMonitor, sweep } from "../support/sweeper";
import { startKindReceiver, type KindAnswer, type KindRequestSeen } from "../support/kind-receiver";

// Every kind delivers through the outbox (the sweeper, or the server's embedded one) to a loopback
// fake of its service, which checks the wire format: path, method, headers, body shape, auth.

type Stage = "test" | "opened" | "resolved";
type Ctx = { monitorId: number; monitorName: string; incidentId?: number };
type Case = {
  kind: string;
  config: (base: string) => Record<string, unknown>;
  secrets: string[];
  answer?: KindAnswer;
  check: (seen: KindRequestSeen, stage: Stage, ctx: Ctx) => void;
};

const json = (seen: KindRequestSeen) => {
  expect(seen.headers["content-type"]).toBe("application/json");
  return JSON.parse(seen.body) as Record<string, any>;
};
const RED = 0xd93025;
const GREEN = 0x1e8e3e;
const TELEGRAM_TOKEN = "123456:ABCdefGhIJKlmNoPQRsTUVwxyZ";
const PD_KEY = "R0123456789abcdef0123456789ABCDE";
const PO_APP = "azGDORePK8gMaC0QOYAMyEEuzJnyUi";
const PO_USER = "uQiRzpo4DXghDmr9QzzfQu27cmVRsG";

const titleOf = (stage: Stage, ctx: Ctx) =>
  stage === "test"
    ? "Test notification from Lifeline"
    : stage === "opened"
      ? `"${ctx.monitorName}" is DOWN`
      : `"${ctx.monitorName}" is back UP`;

const CASES: Case[] = [
  {
    kind: "discord",
    config: (b) => ({ url: `${b}/api/webhooks/1234/discord-webhook-token-abcdef` }),
    secrets: ["url"],
    answer: { status: 204, body: "" },
    check(seen, stage, ctx) {
      expect([seen.method, seen.path]).toEqual(["POST", "/api/webhooks/1234/discord-webhook-token-abcdef"]);
      const b = json(seen);
      expect(b.allowed_mentions).toEqual({ parse: [] });
      expect(b.embeds).toHaveLength(1);
      const e = b.embeds[0];
      expect(e.title).toContain(titleOf(stage, ctx));
      expect(e.color).toBe(stage === "opened" ? RED : stage === "resolved" ? GREEN : 0xf9ab00);
      expect(e.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      if (stage !== "test") {
        expect(e.url).toBe(`${baseUrl()}/monitors/${ctx.monitorId}`);
        expect(e.fields).toContainEqual({ name: "Monitor", value: ctx.monitorName, inline: true });
      }
    },
  },
  {
    kind: "teams",
    config: (b) => ({ url: `${b}/workflows/abc/triggers/manual/paths/invoke?sig=teams-signature-123456` }),
    secrets: ["url"],
    answer: { status: 202, body: "" },
    check(seen, stage, ctx) {
      expect([seen.method, seen.path]).toEqual([
        "POST",
        "/workflows/abc/triggers/manual/paths/invoke?sig=teams-signature-123456",
      ]);
      const b = json(seen);
      expect(b.type).toBe("message");
      expect(b.summary).toContain(titleOf(stage, ctx));
      expect(b.attachments).toHaveLength(1);
      const a = b.attachments[0];
      expect(a.contentType).toBe("application/vnd.microsoft.card.adaptive");
      expect(a.content).toMatchObject({
        type: "AdaptiveCard",
        version: "1.4",
        $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
      });
      expect(a.content.body[0]).toMatchObject({
        type: "TextBlock",
        color: stage === "opened" ? "Attention" : stage === "resolved" ? "Good" : "Warning",
      });
      expect(a.content.body.some((x: any) => x.type === "FactSet")).toBe(true);
      if (stage !== "test")
        expect(a.content.actions).toEqual([
          { type: "Action.OpenUrl", title: "Open in Lifeline", url: `${baseUrl()}/monitors/${ctx.monitorId}` },
        ]);
    },
  },
  {
    kind: "google_chat",
    config: (b) => ({ url: `${b}/v1/spaces/AAAA/messages?key=chat-key&token=chat-token-123456` }),
    secrets: ["url"],
    check(seen, stage, ctx) {
      expect([seen.method, seen.path]).toEqual([
        "POST",
        "/v1/spaces/AAAA/messages?key=chat-key&token=chat-token-123456",
      ]);
      const b = json(seen);
      expect(Object.keys(b)).toEqual(["text"]);
      expect(b.text.startsWith(`*${titleOf(stage, ctx)}`)).toBe(true);
      if (stage !== "test") expect(b.text).toContain(`<${baseUrl()}/monitors/${ctx.monitorId}|Open in Lifeline>`);
    },
  },
  {
    kind: "mattermost",
    config: (b) => ({ url: `${b}/hooks/mattermost-hook-id-123456` }),
    secrets: ["url"],
    answer: { status: 200, body: "ok", contentType: "text/plain" },
    check(seen, stage, ctx) {
      expect([seen.method, seen.path]).toEqual(["POST", "/hooks/mattermost-hook-id-123456"]);
      const b = json(seen);
      expect(b.text.startsWith(`**${titleOf(stage, ctx)}`) && b.text.endsWith("**")).toBe(true);
      expect(b.attachments[0].color).toBe(
        stage === "opened" ? "#d93025" : stage === "resolved" ? "#1e8e3e" : "#f9ab00",
      );
      if (stage !== "test")
        expect(b.attachments[0]).toMatchObject({
          title: ctx.monitorName,
          title_link: `${baseUrl()}/monitors/${ctx.monitorId}`,
        });
    },
  },
  {
    kind: "ntfy",
    config: (b) => ({ url: b, topic: "lifeline-alerts", token: "tk_ntfy_access_token_12345" }),
    secrets: ["token"],
    check(seen, stage, ctx) {
      expect([seen.method, seen.path]).toEqual(["POST", "/"]);
      expect(seen.headers.authorization).toBe("Bearer tk_ntfy_access_token_12345");
      const b = json(seen);
      expect(b.topic).toBe("lifeline-alerts");
      expect(b.title).toContain(titleOf(stage, ctx));
      expect(b.priority).toBe(stage === "opened" ? 4 : 3);
      expect(typeof b.message).toBe("string");
      if (stage !== "test") expect(b.click).toBe(`${baseUrl()}/monitors/${ctx.monitorId}`);
    },
  },
  {
    kind: "gotify",
    config: (b) => ({ url: `${b}/gotify`, token: "AgotifyAppToken.123" }),
    secrets: ["token"],
    check(seen, stage, ctx) {
      expect([seen.method, seen.path]).toEqual(["POST", "/gotify/message"]);
      expect(seen.headers["x-gotify-key"]).toBe("AgotifyAppToken.123");
      const b = json(seen);
      expect(Object.keys(b).sort()).toEqual(["extras", "message", "priority", "title"]);
      expect(b.title).toContain(titleOf(stage, ctx));
      expect(b.priority).toBe(stage === "opened" ? 8 : 4);
      expect(b.extras["client::display"]).toEqual({ contentType: "text/markdown" });
    },
  },
  {
    kind: "telegram",
    config: (b) => ({ bot_token: TELEGRAM_TOKEN, chat_id: "-1001234567890", thread_id: 7, api_url: b }),
    secrets: ["bot_token"],
    answer: { status: 200, body: '{"ok":true,"result":{"message_id":1}}' },
    check(seen, stage, ctx) {
      expect([seen.method, seen.path]).toEqual(["POST", `/bot${TELEGRAM_TOKEN}/sendMessage`]);
      const b = json(seen);
      expect(b).toMatchObject({ chat_id: "-1001234567890", parse_mode: "HTML", message_thread_id: 7 });
      expect(b.text.startsWith(`<b>${titleOf(stage, ctx).replace(/"/g, "&quot;")}`)).toBe(true);
      if (stage !== "test")
        expect(b.text).toContain(`<a href="${baseUrl()}/monitors/${ctx.monitorId}">Open in Lifeline</a>`);
    },
  },
  {
    kind: "pagerduty",
    config: (b) => ({ routing_key: PD_KEY, api_url: b }),
    secrets: ["routing_key"],
    answer: { status: 202, body: '{"status":"success","message":"Event processed"}' },
    check(seen, stage, ctx) {
      expect([seen.method, seen.path]).toEqual(["POST", "/v2/enqueue"]);
      const b = json(seen);
      expect(b.routing_key).toBe(PD_KEY);
      if (stage === "resolved") {
        expect(b).toEqual({
          routing_key: PD_KEY,
          event_action: "resolve",
          dedup_key: `lifeline-incident-${ctx.incidentId}`,
        });
        return;
      }
      expect(b.event_action).toBe("trigger");
      expect(b.payload).toMatchObject({
        severity: stage === "opened" ? "critical" : "info",
        source: stage === "opened" ? ctx.monitorName : "Lifeline",
      });
      expect(b.payload.summary).toContain(titleOf(stage, ctx));
      expect(b.payload.timestamp).toMatch(/Z$/);
      if (stage === "opened") expect(b.dedup_key).toBe(`lifeline-incident-${ctx.incidentId}`);
      else expect(b.dedup_key).toMatch(/^lifeline-test-/);
    },
  },
  {
    kind: "opsgenie",
    config: (b) => ({ api_key: "eb243592-faa2-4ba2-a551q-1afdf565c889", region: "eu", api_url: b }),
    secrets: ["api_key"],
    answer: { status: 202, body: '{"result":"Request will be processed","took":0.1,"requestId":"x"}' },
    check(seen, stage, ctx) {
      expect(seen.method).toBe("POST");
      expect(seen.headers.authorization).toBe("GenieKey eb243592-faa2-4ba2-a551q-1afdf565c889");
      const b = json(seen);
      if (stage === "resolved") {
        expect(seen.path).toBe(`/v2/alerts/lifeline-incident-${ctx.incidentId}/close?identifierType=alias`);
        expect(b.source).toBe("Lifeline");
        return;
      }
      expect(seen.path).toBe("/v2/alerts");
      expect(b.message).toContain(titleOf(stage, ctx).slice(0, 20));
      expect(b.priority).toBe(stage === "opened" ? "P1" : "P5");
      // The opening's alias is the incident's (what the close names); a test's is its own, never an incident's.
      if (stage === "opened") expect(b.alias).toBe(`lifeline-incident-${ctx.incidentId}`);
      else expect(b.alias).toMatch(/^lifeline-test-[0-9a-f-]{36}$/);
    },
  },
  {
    kind: "pushover",
    config: (b) => ({ app_token: PO_APP, user_key: PO_USER, api_url: b }),
    secrets: ["app_token", "user_key"],
    answer: { status: 200, body: '{"status":1,"request":"647d2300-702c-4b38-8b2f-d56326ae460b"}' },
    check(seen, stage, ctx) {
      expect([seen.method, seen.path]).toEqual(["POST", "/1/messages.json"]);
      expect(seen.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      const form = new URLSearchParams(seen.body);
      expect(form.get("token")).toBe(PO_APP);
      expect(form.get("user")).toBe(PO_USER);
      expect(form.get("html")).toBe("1");
      expect(form.get("title")).toContain(titleOf(stage, ctx));
      expect(form.get("priority")).toBe(stage === "opened" ? "1" : "0");
      expect(form.get("message")).toBeTruthy();
      if (stage !== "test") expect(form.get("url")).toBe(`${baseUrl()}/monitors/${ctx.monitorId}`);
    },
  },
  {
    kind: "matrix",
    config: (b) => ({ homeserver_url: b, room_id: "!roomid:example.org", access_token: "syt_matrix_access_token_123" }),
    secrets: ["access_token"],
    answer: { status: 200, body: '{"event_id":"$abc"}' },
    check(seen, stage, ctx) {
      expect(seen.method).toBe("PUT");
      expect(seen.path).toMatch(
        /^\/_matrix\/client\/v3\/rooms\/!roomid%3Aexample\.org\/send\/m\.room\.message\/lifeline-[\w-]+$/,
      );
      expect(seen.headers.authorization).toBe("Bearer syt_matrix_access_token_123");
      const b = json(seen);
      expect(b).toMatchObject({ msgtype: "m.text", format: "org.matrix.custom.html" });
      // The headline of each stage, as plain text and as the bold first line of the HTML.
      expect(b.body.split("\n")[0]).toContain(titleOf(stage, ctx));
      expect(b.formatted_body).toMatch(/^<b>/);
      expect(b.formatted_body).toContain(titleOf(stage, ctx).replace(/"/g, "&quot;"));
      if (stage !== "test") expect(b.body).toContain(`Open in Lifeline: ${baseUrl()}/monitors/${ctx.monitorId}`);
    },
  },
];

async function createIntegration(user: TestUser, kind: string, config: Record<string, unknown>) {
  const res = await call("POST", "/integrations", {
    token: user.access,
    body: { name: `${kind} alerts`, kind, config },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; config: Record<string, unknown> };
}

describe("notification kinds: each speaks its service's wire format", () => {
  for (const c of CASES) {
    it(`${c.kind}: a test message, incident.opened and incident.resolved reach the receiver in its format; credentials are masked`, async () => {
      const receiver = await startKindReceiver(() => c.answer ?? { status: 200, body: '{"ok":true}' });
      try {
        const user = await registerUser(`kind-${c.kind}`);
        const config = c.config(receiver.base);
        const created = await createIntegration(user, c.kind, config);
        for (const field of c.secrets) {
          expect(created.config[field]).not.toBe(config[field]);
          expect(String(created.config[field])).toContain("****");
        }
        const listed = await call("GET", "/integrations", { token: user.access });
        expect(JSON.stringify(listed.body)).not.toContain(String(config[c.secrets[0]!]));

        const test = await call("POST", `/integrations/${created.id}/test`, { token: user.access });
        expect(test.status).toBe(200);
        expect(test.body.data).toMatchObject({
          status: "success",
          response_status: c.answer?.status ?? 200,
          answer: c.answer?.body ?? '{"ok":true}',
        });
        expect(receiver.received).toHaveLength(1);
        const name = `nightly ${c.kind}`;
        const m = await seedMonitor(user, { integrationIds: [created.id] });
        expect((await call("PATCH", `/cron-monitors/${m.id}`, { token: user.access, body: { name } })).status).toBe(
          200,
        );
        c.check(receiver.received[0]!, "test", { monitorId: m.id, monitorName: name });

        expect((await ping(m.ping_token, "/fail")).status).toBe(200);
        await sweep(null);
        await eventually(() => receiver.received.length >= 2);
        const incidents = await call("GET", `/incidents?cron_monitor=${m.id}`, { token: user.access });
        const incidentId = incidents.body.data[0].id as number;
        expect(Number.isInteger(incidentId)).toBe(true);
        c.check(receiver.received[1]!, "opened", { monitorId: m.id, monitorName: name, incidentId });

        // Renamed while down: alerts keyed by the incident (Opsgenie's alias) still close.
        const renamed = `${name} renamed`;
        expect(
          (await call("PATCH", `/cron-monitors/${m.id}`, { token: user.access, body: { name: renamed } })).status,
        ).toBe(200);
        expect((await ping(m.ping_token)).status).toBe(200);
        await sweep(null);
        await eventually(() => receiver.received.length >= 3);
        c.check(receiver.received[2]!, "resolved", { monitorId: m.id, monitorName: renamed, incidentId });
        expect(receiver.received).toHaveLength(3);
      } finally {
        await receiver.close();
      }
    });
  }
});
