import { describe, expect, it } from "vitest";
import { messageOf } from "../../src/server/notify/message";
import { KIND_SENDERS, permanentRefusal } from "../../src/server/notify/kinds";
import { renderBodyTemplate } from "../../src/server/notify/kinds/webhook-template";
import { emailText } from "../../src/server/notify/kinds/email";
import { slackMessage } from "../../src/server/notify/kinds/slack";
import type { Payload } from "../../src/server/notify/payload";
import { INTEGRATION_KINDS, isLegacyKind } from "../../src/shared/integration-kinds";
import { SECRET_FIELDS } from "../../src/shared/integration-secrets";

const opened: Payload = {
  event: "incident.opened",
  event_id: 41,
  occurred_at: "2027-01-10T10:05:01Z",
  monitor: {
    id: 3, name: 'nightly "db" <backup>', state: "down", schedule: "At 02:00", next_expected_at: null, last_ping_at: null,
    url: "https://lifeline.example/monitors/3",
  },
  service: null,
  project: { id: 2, name: "Billing" },
  incident: {
    id: 9, service: null, cron_monitor: 3, kind: "failed", status: "open", reason: "The job reported a failure",
    opened_at: "2027-01-10T10:04:00Z", resolved_at: null, acknowledged_at: null, acknowledged_by: null,
  },
  run: null,
};

describe("the message model", () => {
  it("gives every kind the same facts: what, which monitor, project, since when, reason and the dashboard link", () => {
    const m = messageOf(opened);
    expect(m).toMatchObject({
      tone: "opened", subject: 'nightly "db" <backup>', where: "monitor", project: "Billing", since: "2027-01-10T10:04:00Z",
      reason: "The job reported a failure", link: "https://lifeline.example/monitors/3", incidentId: 9, eventId: 41,
    });
    expect(m.title).toBe('"nightly "db" <backup>" is DOWN: the job reported a failure');
    expect(m.facts.map((f) => f.label)).toEqual(["Monitor", "Project", "Reason", "Since"]);
  });

  it("has a renderer for every kind but the three older ones, and a secret list for every kind", () => {
    for (const kind of INTEGRATION_KINDS) {
      expect(Boolean(KIND_SENDERS[kind]), kind).toBe(!isLegacyKind(kind));
      expect(Array.isArray(SECRET_FIELDS[kind])).toBe(true);
    }
  });

  it("keys PagerDuty's trigger and resolve by the incident, and escapes HTML for Telegram", () => {
    const pd = KIND_SENDERS.pagerduty!;
    const trigger = JSON.parse(pd.render(messageOf(opened), { routing_key: "k".repeat(32) }, { integrationId: 1 }).body);
    const resolved: Payload = { ...opened, event: "incident.resolved", event_id: 42, incident: { ...opened.incident!, status: "resolved" } };
    const resolve = JSON.parse(pd.render(messageOf(resolved), { routing_key: "k".repeat(32) }, { integrationId: 1 }).body);
    expect(trigger.dedup_key).toBe("lifeline-incident-9");
    expect(resolve).toEqual({ routing_key: "k".repeat(32), event_action: "resolve", dedup_key: "lifeline-incident-9" });
    const tg = JSON.parse(KIND_SENDERS.telegram!.render(messageOf(opened), { bot_token: "1:x", chat_id: "5" }, { integrationId: 1 }).body);
    expect(tg.text).toContain("nightly &quot;db&quot; &lt;backup&gt;");
    expect(tg.text).not.toContain("<backup>");
  });
});

describe("reminders", () => {
  const reminder: Payload = { ...opened, event: "incident.reminder", event_id: 77, occurred_at: "2027-01-10T11:09:30Z" };
  const configs: Record<string, Record<string, unknown>> = {
    discord: { url: "https://d.example/h" }, teams: { url: "https://t.example/h" }, google_chat: { url: "https://g.example/h" },
    mattermost: { url: "https://m.example/h" }, ntfy: { url: "https://ntfy.example", topic: "ops" }, gotify: { url: "https://go.example", token: "t" },
    telegram: { bot_token: "1:x", chat_id: "5" }, pagerduty: { routing_key: "k".repeat(32) }, opsgenie: { api_key: "a", region: "us" },
    pushover: { app_token: "a".repeat(30), user_key: "u".repeat(30) },
    matrix: { homeserver_url: "https://mx.example", room_id: "!r:mx.example", access_token: "x" },
  };

  it("says in every kind that the incident is still down, for how long, and how to stop the reminders", () => {
    const m = messageOf(reminder);
    expect(m.tone).toBe("opened");
    expect(m.title).toBe('"nightly "db" <backup>" is still DOWN after 1 h 5 min: the job reported a failure');
    expect(m.facts).toContainEqual({ label: "Open for", value: "1 h 5 min" });
    for (const [kind, sender] of Object.entries(KIND_SENDERS)) {
      const request = sender!.render(m, configs[kind] as never, { integrationId: 4 });
      const body = request.body.startsWith("{") ? request.body : [...new URLSearchParams(request.body).values()].join("\n");
      expect(body, kind).toContain("still DOWN after 1 h 5 min");
    }
    expect(slackMessage(reminder).text).toContain("still DOWN after 1 h 5 min");
    expect(slackMessage(reminder).text).toContain(":red_circle:");
    expect(emailText(reminder)).toContain("Acknowledge it in Lifeline to stop the reminders.");
  });

  it("re-triggers PagerDuty and re-creates Opsgenie's alert under the incident's key, at the opening's severity", () => {
    const m = messageOf(reminder);
    const pd = JSON.parse(KIND_SENDERS.pagerduty!.render(m, { routing_key: "k".repeat(32) }, { integrationId: 1 }).body);
    expect(pd).toMatchObject({ event_action: "trigger", dedup_key: "lifeline-incident-9", payload: { severity: "critical", class: "incident.reminder" } });
    const og = KIND_SENDERS.opsgenie!.render(m, { api_key: "a", region: "us" }, { integrationId: 1 });
    expect(og.url).toBe("https://api.opsgenie.com/v2/alerts");
    expect(JSON.parse(og.body)).toMatchObject({ alias: "lifeline-incident-9", priority: "P1", tags: ["lifeline", "incident.reminder"] });
  });
});

describe("webhook body templates", () => {
  it("JSON-escapes placeholder values in a JSON template and leaves unknown ones empty", () => {
    const r = renderBodyTemplate('{"text": "{{monitor.name}}: {{incident.reason}} ({{project.name}}){{nope.x}}", "id": {{incident.id}}}', opened);
    expect(r.contentType).toBe("application/json");
    expect(JSON.parse(r.body)).toEqual({ text: 'nightly "db" <backup>: The job reported a failure (Billing)', id: 9 });
  });

  it("sends a non-JSON template as plain text, unescaped", () => {
    expect(renderBodyTemplate("{{event}} {{monitor.name}}", opened)).toEqual({ body: 'incident.opened nightly "db" <backup>', contentType: "text/plain; charset=utf-8" });
  });
});

describe("permanent refusals", () => {
  it("treats 401, 403, 404 and 410 as final, 429 and 5xx as retryable, and names Telegram's reason", () => {
    for (const status of [401, 403, 404, 410]) expect(permanentRefusal("discord", status, "")).toBe(`HTTP ${status}`);
    for (const status of [400, 429, 500, 503]) expect(permanentRefusal("discord", status, "")).toBeNull();
    expect(permanentRefusal("telegram", 403, '{"ok":false,"description":"Forbidden: bot was blocked by the user"}')).toBe(
      "HTTP 403: Forbidden: bot was blocked by the user",
    );
    expect(permanentRefusal("telegram", 400, '{"ok":false,"description":"Bad Request: chat not found"}')).toBe("HTTP 400: Bad Request: chat not found");
    expect(permanentRefusal("telegram", 429, '{"ok":false,"description":"Too Many Requests"}')).toBeNull();
    expect(permanentRefusal("pushover", 400, '{"errors":["application token is invalid"]}')).toBe("HTTP 400: application token is invalid");
  });
});
