import { describe, expect, it } from "vitest";
import { initialValues, kindSubmission, targetText } from "../../src/components/integrations/config-values";
import { INTEGRATION_KINDS, kindOf } from "../../src/shared/notification-kinds";

const telegramStored = {
  url: null,
  email: null,
  config: { bot_token: "****wxyz", chat_id: "-100123", thread_id: 7, api_url: "http://127.0.0.1:4000" },
};

describe("the integration form's fields per kind", () => {
  it("offers exactly the config fields of every kind's schema, each with help text", () => {
    for (const kind of INTEGRATION_KINDS) {
      const names = kindOf(kind)
        .form.fields.map((f) => f.name)
        .sort();
      expect(names, kind).toEqual(Object.keys(kindOf(kind).config.shape).sort());
      for (const f of kindOf(kind).form.fields) expect(f.help, `${kind}.${f.name}`).toBeTruthy();
    }
  });

  it("links every kind with a key or URL from elsewhere to the service's own documentation over https", () => {
    for (const kind of INTEGRATION_KINDS.filter((k) => k !== "webhook" && k !== "email")) {
      expect(kindOf(kind).form.docs?.href, kind).toMatch(/^https:\/\//);
    }
  });
});

describe("what the integration form submits", () => {
  it("sends a new kind's filled fields in config, numbers as numbers, and leaves empty ones out", () => {
    const values = { ...initialValues("telegram"), bot_token: " 123:abc ", chat_id: "@alerts", thread_id: "12" };
    expect(kindSubmission("telegram", values)).toEqual({
      config: { bot_token: "123:abc", chat_id: "@alerts", thread_id: 12 },
    });
  });

  it("sends webhook, slack and email settings top-level, and body_template in config", () => {
    const values = { url: "https://example.com/h", secret: "", body_template: '{"t":"{{event}}"}' };
    expect(kindSubmission("webhook", values)).toEqual({
      url: "https://example.com/h",
      config: { body_template: '{"t":"{{event}}"}' },
    });
    expect(kindSubmission("email", { email: "a@example.com" })).toEqual({ email: "a@example.com" });
  });

  it("starts a select at its first option, so a new Opsgenie integration sends region us", () => {
    expect(kindSubmission("opsgenie", { ...initialValues("opsgenie"), api_key: "k" })).toEqual({
      config: { api_key: "k", region: "us" },
    });
  });

  it("on edit sends nothing of the kind's settings when nothing changed: no url, no masked credential", () => {
    const values = initialValues("telegram", telegramStored);
    expect(values).toEqual({ bot_token: "", chat_id: "-100123", thread_id: "7", api_url: "http://127.0.0.1:4000" });
    expect(kindSubmission("telegram", values, telegramStored)).toEqual({});
  });

  it("on edit sends a changed setting, a typed credential, and null for an emptied optional setting", () => {
    const values = { bot_token: "999:newtoken", chat_id: "-100999", thread_id: "", api_url: "http://127.0.0.1:4000" };
    expect(kindSubmission("telegram", values, telegramStored)).toEqual({
      config: { bot_token: "999:newtoken", chat_id: "-100999", thread_id: null },
    });
  });

  it("on edit of a webhook keeps the masked URL and secret unless new ones are typed", () => {
    const stored = { url: "https://example.com/…/****abcd", email: null, secret: "****f3Qa", config: {} };
    expect(kindSubmission("webhook", initialValues("webhook", stored), stored)).toEqual({});
    expect(
      kindSubmission("webhook", { ...initialValues("webhook", stored), secret: "a-new-secret-of-16+" }, stored),
    ).toEqual({ secret: "a-new-secret-of-16+" });
  });
});

describe("the integration row's target", () => {
  it("shows the URL or address of the top-level kinds and the telling settings of the others", () => {
    expect(targetText("slack", { url: "https://hooks.slack.com/…/****CRET", email: null, config: {} })).toBe(
      "https://hooks.slack.com/…/****CRET",
    );
    expect(targetText("telegram", telegramStored)).toBe("-100123");
    expect(targetText("ntfy", { url: null, email: null, config: { url: "https://ntfy.sh", topic: "ops" } })).toBe(
      "https://ntfy.sh · ops",
    );
  });
});
