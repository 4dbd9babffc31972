import { describe, expect, it } from "vitest";
import { permanentRefusal } from "../../src/server/notify/failing";
import { signBody } from "../../src/server/notify/signature";
import { INTEGRATION_KINDS, kindOf, type IntegrationKind } from "../../src/shared/notification-kinds";
import { renderBodyTemplate } from "../../src/shared/notification-kinds/webhook";
import { messageOf } from "../../src/shared/notifications/message";
import type { Payload } from "../../src/shared/notifications/payload";
import { SECRET_FIELDS } from "../../src/shared/integration-secrets";
import { consecutiveFailuresReason, failureRateReason, tooShortReason } from "../../src/server/domain/incidents";

const opened: Payload = {
  event: "incident.opened",
  event_id: 41,
  occurred_at: "2027-01-10T10:05:01Z",
  monitor: {
    id: 3,
    name: 'nightly "db" <backup>',
    state: "down",
    schedule: "At 02:00",
    next_expected_at: null,
    last_ping_at: null,
    url: "https://lifeline.example/monitors/3",
  },
  service: null,
  project: { id: 2, name: "Billing" },
  incident: {
    id: 9,
    service: null,
    cron_monitor: 3,
    kind: "failed",
    status: "open",
    reason: "The job reported a failure",
    opened_at: "2027-01-10T10:04:00Z",
    resolved_at: null,
    acknowledged_at: null,
    acknowledged_by: null,
  },
  run: null,
};

/** The request the kind's renderer makes of the payload (what the outbox sender sends). */
function render(kind: IntegrationKind, payload: Payload, config: Record<string, unknown>, integrationId = 1) {
  const k = kindOf(kind);
  if (k.via !== "http") throw new Error(`${kind} is not sent over HTTP`);
  return k.render(messageOf(payload), config, { integrationId, payload, sign: signBody });
}

function mailOf(payload: Payload) {
  const k = kindOf("email");
  if (k.via !== "smtp") throw new Error("email is sent by SMTP");
  return k.mail(messageOf(payload), { email: "oncall@example.com" });
}

describe("the message model", () => {
  it("gives every kind the same facts: what, which monitor, project, since when, reason and the dashboard link", () => {
    const m = messageOf(opened);
    expect(m).toMatchObject({
      tone: "opened",
      subject: 'nightly "db" <backup>',
      where: "monitor",
      project: "Billing",
      since: "2027-01-10T10:04:00Z",
      reason: "The job reported a failure",
      link: "https://lifeline.example/monitors/3",
      incidentId: 9,
      eventId: 41,
    });
    expect(m.title).toBe('"nightly "db" <backup>" is DOWN: the job reported a failure');
    expect(m.facts.map((f) => f.label)).toEqual(["Monitor", "Project", "Reason", "Since"]);
  });

  it("sends every kind over HTTP but email, which goes by SMTP, and has a secret list for every kind", () => {
    for (const kind of INTEGRATION_KINDS) {
      expect(kindOf(kind).via, kind).toBe(kind === "email" ? "smtp" : "http");
      expect(Array.isArray(SECRET_FIELDS[kind])).toBe(true);
    }
  });

  it("keys PagerDuty's trigger and resolve by the incident, and escapes HTML for Telegram", () => {
    const trigger = JSON.parse(render("pagerduty", opened, { routing_key: "k".repeat(32) }).body);
    const resolved: Payload = {
      ...opened,
      event: "incident.resolved",
      event_id: 42,
      incident: { ...opened.incident!, status: "resolved" },
    };
    const resolve = JSON.parse(render("pagerduty", resolved, { routing_key: "k".repeat(32) }).body);
    expect(trigger.dedup_key).toBe("lifeline-incident-9");
    expect(resolve).toEqual({ routing_key: "k".repeat(32), event_action: "resolve", dedup_key: "lifeline-incident-9" });
    const tg = JSON.parse(render("telegram", opened, { bot_token: "1:x", chat_id: "5" }).body);
    expect(tg.text).toContain("nightly &quot;db&quot; &lt;backup&gt;");
    expect(tg.text).not.toContain("<backup>");
  });
});

describe("reminders", () => {
  const reminder: Payload = {
    ...opened,
    event: "incident.reminder",
    event_id: 77,
    occurred_at: "2027-01-10T11:09:30Z",
  };
  const configs: Record<string, Record<string, unknown>> = {
    discord: { url: "https://d.example/h" },
    teams: { url: "https://t.example/h" },
    google_chat: { url: "https://g.example/h" },
    mattermost: { url: "https://m.example/h" },
    ntfy: { url: "https://ntfy.example", topic: "ops" },
    gotify: { url: "https://go.example", token: "t" },
    telegram: { bot_token: "1:x", chat_id: "5" },
    pagerduty: { routing_key: "k".repeat(32) },
    opsgenie: { api_key: "a", region: "us" },
    pushover: { app_token: "a".repeat(30), user_key: "u".repeat(30) },
    matrix: { homeserver_url: "https://mx.example", room_id: "!r:mx.example", access_token: "x" },
  };

  it("says in every kind that the incident is still down, for how long, and how to stop the reminders", () => {
    const m = messageOf(reminder);
    expect(m.tone).toBe("opened");
    expect(m.title).toBe('"nightly "db" <backup>" is still DOWN after 1 h 5 min: the job reported a failure');
    expect(m.facts).toContainEqual({ label: "Open for", value: "1 h 5 min" });
    for (const [kind, config] of Object.entries(configs)) {
      const request = render(kind as IntegrationKind, reminder, config, 4);
      const body = request.body.startsWith("{")
        ? request.body
        : [...new URLSearchParams(request.body).values()].join("\n");
      expect(body, kind).toContain("still DOWN after 1 h 5 min");
    }
    const slackText = JSON.parse(render("slack", reminder, { url: "https://hooks.example/s" }).body).text;
    expect(slackText).toContain("still DOWN after 1 h 5 min");
    expect(slackText).toContain(":red_circle:");
    expect(mailOf(reminder).text).toContain("Acknowledge it in Lifeline to stop the reminders.");
  });

  it("re-triggers PagerDuty and re-creates Opsgenie's alert under the incident's key, at the opening's severity", () => {
    const pd = JSON.parse(render("pagerduty", reminder, { routing_key: "k".repeat(32) }).body);
    expect(pd).toMatchObject({
      event_action: "trigger",
      dedup_key: "lifeline-incident-9",
      payload: { severity: "critical", class: "incident.reminder" },
    });
    const og = render("opsgenie", reminder, { api_key: "a", region: "us" });
    expect(og.url).toBe("https://api.opsgenie.com/v2/alerts");
    expect(JSON.parse(og.body)).toMatchObject({
      alias: "lifeline-incident-9",
      priority: "P1",
      tags: ["lifeline", "incident.reminder"],
    });
  });
});

describe("maintenance announcements", () => {
  const window = {
    id: 5,
    title: "Database <upgrade>",
    starts_at: "2027-01-10T10:00:00Z",
    ends_at: "2027-01-10T12:00:00Z",
  };
  const started: Payload = {
    event: "maintenance.started",
    event_id: 80,
    occurred_at: "2027-01-10T10:00:20Z",
    monitor: null,
    service: null,
    project: null,
    incident: null,
    run: null,
    maintenance: window,
  };
  const ended: Payload = { ...started, event: "maintenance.ended", event_id: 81, occurred_at: "2027-01-10T12:00:15Z" };
  const configs: Record<string, Record<string, unknown>> = {
    webhook: { url: "https://w.example/h" },
    slack: { url: "https://hooks.example/s" },
    discord: { url: "https://d.example/h" },
    teams: { url: "https://t.example/h" },
    google_chat: { url: "https://g.example/h" },
    mattermost: { url: "https://m.example/h" },
    ntfy: { url: "https://ntfy.example", topic: "ops" },
    gotify: { url: "https://go.example", token: "t" },
    telegram: { bot_token: "1:x", chat_id: "5" },
    pagerduty: { routing_key: "k".repeat(32) },
    opsgenie: { api_key: "a", region: "us" },
    pushover: { app_token: "a".repeat(30), user_key: "u".repeat(30) },
    matrix: { homeserver_url: "https://mx.example", room_id: "!r:mx.example", access_token: "x" },
  };
  const textOf = (kind: string, p: Payload) => {
    const request = render(kind as IntegrationKind, p, configs[kind]!, 4);
    const body = request.body.startsWith("{")
      ? request.body
      : [...new URLSearchParams(request.body).values()].join("\n");
    return body
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/\\u003c/g, "<")
      .replace(/\\u003e/g, ">");
  };

  it("says in every kind which window started and until when, and which ended", () => {
    expect(messageOf(started)).toMatchObject({
      tone: "info",
      title: "Maintenance started: Database <upgrade>",
      facts: [
        { label: "Maintenance", value: "Database <upgrade>" },
        { label: "Until", value: "2027-01-10T12:00:00Z" },
      ],
    });
    expect(messageOf(ended).title).toBe("Maintenance ended: Database <upgrade>");
    expect(INTEGRATION_KINDS.filter((k) => k !== "email").sort()).toEqual(Object.keys(configs).sort());
    for (const kind of Object.keys(configs)) {
      if (kind === "pagerduty" || kind === "opsgenie") continue; // alerts: below
      const opening = textOf(kind, started);
      if (kind !== "webhook") expect(opening, kind).toContain("Maintenance started: Database <upgrade>");
      expect(opening, kind).toContain("2027-01-10T12:00:00Z");
      if (kind !== "webhook") expect(textOf(kind, ended), kind).toContain("Maintenance ended: Database <upgrade>");
    }
    expect(JSON.parse(render("webhook", started, configs.webhook!).body)).toMatchObject({
      event: "maintenance.started",
      maintenance: window,
    });
    expect(mailOf(started).subject).toContain("Maintenance started: Database <upgrade>");
    expect(mailOf(started).text).toContain("Until 2027-01-10T12:00:00Z");
    expect(mailOf(ended).subject).toContain("Maintenance ended: Database <upgrade>");
  });

  it("opens a low-priority PagerDuty and Opsgenie alert when a run starts and closes it when it ends, keyed by the run", () => {
    const key = `lifeline-maintenance-5-${Date.parse(window.starts_at) / 1000}`;
    expect(JSON.parse(render("pagerduty", started, configs.pagerduty!).body)).toMatchObject({
      event_action: "trigger",
      dedup_key: key,
      payload: { severity: "info", class: "maintenance.started" },
    });
    expect(JSON.parse(render("pagerduty", ended, configs.pagerduty!).body)).toEqual({
      routing_key: "k".repeat(32),
      event_action: "resolve",
      dedup_key: key,
    });
    expect(JSON.parse(render("opsgenie", started, configs.opsgenie!).body)).toMatchObject({
      alias: key,
      priority: "P5",
    });
    expect(render("opsgenie", ended, configs.opsgenie!).url).toBe(
      `https://api.opsgenie.com/v2/alerts/${key}/close?identifierType=alias`,
    );
  });
});

describe("run rule incidents", () => {
  const configs: Record<string, Record<string, unknown>> = {
    webhook: { url: "https://w.example/h" },
    slack: { url: "https://hooks.example/s" },
    discord: { url: "https://d.example/h" },
    teams: { url: "https://t.example/h" },
    google_chat: { url: "https://g.example/h" },
    mattermost: { url: "https://m.example/h" },
    ntfy: { url: "https://ntfy.example", topic: "ops" },
    gotify: { url: "https://go.example", token: "t" },
    telegram: { bot_token: "1:x", chat_id: "5" },
    pagerduty: { routing_key: "k".repeat(32) },
    opsgenie: { api_key: "a", region: "us" },
    pushover: { app_token: "a".repeat(30), user_key: "u".repeat(30) },
    matrix: { homeserver_url: "https://mx.example", room_id: "!r:mx.example", access_token: "x" },
  };
  const run = (flag: string | null, flag_detail: string | null): Payload["run"] => ({
    rid: "r1",
    status: "fail",
    started_at: "2027-01-10T10:00:00Z",
    finished_at: "2027-01-10T10:00:02Z",
    exit_code: 0,
    duration_ms: 2000,
    baseline_ms: null,
    drifted: false,
    flag,
    flag_detail,
    log_tail: null,
  });
  const incident = (kind: string, reason: string, r: Payload["run"]): Payload => ({
    ...opened,
    incident: { ...opened.incident!, kind, reason },
    run: r,
  });
  const cases = [
    incident("threshold", consecutiveFailuresReason(3), run("failure_keyword", "ERROR")),
    incident("threshold", failureRateReason(4, 10), run(null, null)),
    incident("too_short", tooShortReason(2000, 60), run("too_short", null)),
  ];
  /** Everything a kind sends, unescaped (JSON, form and HTML escapes undone) for reading. */
  const textOf = (kind: string, p: Payload) => {
    const body = render(kind as IntegrationKind, p, configs[kind]!, 4).body;
    const text = body.startsWith("{") ? body : [...new URLSearchParams(body).values()].join("\n");
    return text
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/\\"/g, '"');
  };

  it("names the reason (3 consecutive failures, 40% of the last 10 runs failed, too short) and the run's flag in every kind", () => {
    expect(INTEGRATION_KINDS.filter((k) => k !== "email").sort()).toEqual(Object.keys(configs).sort());
    expect(cases.map((p) => p.incident!.reason)).toEqual([
      "3 consecutive failures",
      "40% of the last 10 runs failed",
      "The run took 2 s, shorter than its 60 s minimum",
    ]);
    const flags = ["failure keyword (ERROR)", null, "too short"];
    cases.forEach((p, i) => {
      const m = messageOf(p);
      expect(m.facts).toContainEqual({ label: "Reason", value: p.incident!.reason });
      if (flags[i]) {
        expect(m.facts).toContainEqual({ label: "Run flagged", value: flags[i] });
        expect(m.lines.join("\n")).toContain(`Last run: fail, flagged ${flags[i]}, started`);
      } else expect(m.facts.map((f) => f.label)).not.toContain("Run flagged");
      for (const kind of Object.keys(configs)) {
        const text = textOf(kind, p);
        expect(text, kind).toContain(p.incident!.reason);
        if (kind === "webhook") {
          expect(JSON.parse(render("webhook", p, configs.webhook!).body).run).toMatchObject({
            flag: p.run!.flag,
            flag_detail: p.run!.flag_detail,
          });
        } else if (flags[i]) expect(text, kind).toContain(flags[i]);
      }
      const mail = mailOf(p).text;
      expect(mail).toContain(p.incident!.reason);
      if (flags[i]) expect(mail).toContain(`flagged ${flags[i]}`);
    });
  });
});

describe("webhook body templates", () => {
  it("JSON-escapes placeholder values in a JSON template and leaves unknown ones empty", () => {
    const r = renderBodyTemplate(
      '{"text": "{{monitor.name}}: {{incident.reason}} ({{project.name}}){{nope.x}}", "id": {{incident.id}}}',
      opened,
    );
    expect(r.contentType).toBe("application/json");
    expect(JSON.parse(r.body)).toEqual({ text: 'nightly "db" <backup>: The job reported a failure (Billing)', id: 9 });
  });

  it("sends a non-JSON template as plain text, unescaped", () => {
    expect(renderBodyTemplate("{{event}} {{monitor.name}}", opened)).toEqual({
      body: 'incident.opened nightly "db" <backup>',
      contentType: "text/plain; charset=utf-8",
    });
  });
});

describe("permanent refusals", () => {
  it("treats 401, 403, 404 and 410 as final, 429 and 5xx as retryable, and names Telegram's reason", () => {
    for (const status of [401, 403, 404, 410])
      expect(permanentRefusal(kindOf("discord"), status, "")).toBe(`HTTP ${status}`);
    for (const status of [400, 429, 500, 503]) expect(permanentRefusal(kindOf("discord"), status, "")).toBeNull();
    expect(
      permanentRefusal(kindOf("telegram"), 403, '{"ok":false,"description":"Forbidden: bot was blocked by the user"}'),
    ).toBe("HTTP 403: Forbidden: bot was blocked by the user");
    expect(permanentRefusal(kindOf("telegram"), 400, '{"ok":false,"description":"Bad Request: chat not found"}')).toBe(
      "HTTP 400: Bad Request: chat not found",
    );
    expect(permanentRefusal(kindOf("telegram"), 429, '{"ok":false,"description":"Too Many Requests"}')).toBeNull();
    expect(permanentRefusal(kindOf("pushover"), 400, '{"errors":["application token is invalid"]}')).toBe(
      "HTTP 400: application token is invalid",
    );
  });
});
