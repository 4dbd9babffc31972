import { describe, expect, it } from "vitest";
import { isMaskOf, maskSecret, maskSecrets, SECRET_FIELDS } from "../../src/shared/integration-secrets";

describe("integration credentials are masked by one rule", () => {
  it("keeps a URL's scheme and host (never its user info) and the last 4 characters", () => {
    expect(maskSecret("https://hooks.slack.com/services/T000/B000/XXXXSECRET")).toBe(
      "https://hooks.slack.com/…/****CRET",
    );
    expect(maskSecret("https://user:pass@Example.COM:8443/a?token=abcdefghijklmnop")).toBe(
      "https://example.com:8443/…/****mnop",
    );
  });

  it("keeps the last 4 characters of a key, and none when fewer than 12 would stay hidden", () => {
    expect(maskSecret("whsec_abcdefghijklmnopqrstuvwxyz0123456789abcdefg")).toBe("****defg");
    expect(maskSecret("0123456789abcdef")).toBe("****cdef");
    expect(maskSecret("0123456789abcde")).toBe("****");
    expect(maskSecret("http://127.0.0.1:4000/hook")).toBe("http://127.0.0.1:4000/…/****");
  });

  it("masks each kind's declared secret fields and nothing else", () => {
    expect(SECRET_FIELDS).toEqual({
      webhook: ["url", "secret"],
      slack: ["url"],
      email: [],
      discord: ["url"],
      teams: ["url"],
      google_chat: ["url"],
      mattermost: ["url"],
      ntfy: ["token"],
      gotify: ["token"],
      telegram: ["bot_token"],
      pagerduty: ["routing_key"],
      opsgenie: ["api_key"],
      pushover: ["app_token", "user_key"],
      matrix: ["access_token"],
    });
    const webhook = maskSecrets("webhook", {
      url: "https://r.example/hooks/0123456789abcdef",
      secret: "whsec_0123456789abcdef",
      email: null,
    });
    expect(webhook).toEqual({ url: "https://r.example/…/****cdef", secret: "****cdef", email: null });
    expect(maskSecrets("slack", { url: null, secret: null })).toEqual({ url: null, secret: null });
    expect(maskSecrets("email", { url: null, secret: "not-a-secret-field" })).toEqual({
      url: null,
      secret: "not-a-secret-field",
    });
  });

  it("recognizes the mask of a stored value sent back unchanged", () => {
    const stored = "https://hooks.slack.com/services/T000/B000/XXXXSECRET";
    expect(isMaskOf(maskSecret(stored), stored)).toBe(true);
    expect(isMaskOf("https://hooks.slack.com/…/****ABCD", stored)).toBe(false);
    expect(isMaskOf("****", null)).toBe(false);
  });
});
