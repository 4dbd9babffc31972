import { describe, expect, it } from "vitest";
import {
  isMaskOf,
  isUrlMaskOf,
  maskSecret,
  maskSecrets,
  maskUrlCredentials,
  SECRET_FIELDS,
  urlCredentialFieldsOf,
} from "../../src/shared/integration-secrets";

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

  it("masks the user info, every query value and the fragment of a URL field, and leaves a URL without them unchanged", () => {
    expect(maskUrlCredentials("https://ntfyuser:NTFYPASSWORD@ntfy.example.com")).toBe("https://****@ntfy.example.com");
    expect(maskUrlCredentials("https://gotify.example.com/?token=GOTIFYQUERYSECRET")).toBe(
      "https://gotify.example.com/?token=****",
    );
    expect(maskUrlCredentials("http://u@h.example:8080/base/path?a=1&flag&b=#frag")).toBe(
      "http://****@h.example:8080/base/path?a=****&****&b=#****",
    );
    expect(maskUrlCredentials("https://api.telegram.org")).toBe("https://api.telegram.org");
    expect(maskUrlCredentials("https://matrix.example.com/a/b@c")).toBe("https://matrix.example.com/a/b@c");
    expect(urlCredentialFieldsOf("ntfy")).toEqual(["url"]);
    expect(urlCredentialFieldsOf("matrix")).toEqual(["homeserver_url"]);
    expect(urlCredentialFieldsOf("pagerduty")).toEqual(["api_url"]);
    expect(urlCredentialFieldsOf("webhook")).toEqual([]); // its URL is a secret as a whole
    expect(
      maskSecrets("ntfy", { url: "https://a:b@ntfy.example.com/?t=x", topic: "t", token: "tk_0123456789abcdef" }),
    ).toEqual({ url: "https://****@ntfy.example.com/?t=****", topic: "t", token: "****cdef" });
    const stored = "https://user:pass@gotify.example.com/?token=abc";
    expect(isUrlMaskOf(maskUrlCredentials(stored), stored)).toBe(true);
    expect(isUrlMaskOf("https://****@other.example.com/?token=****", stored)).toBe(false);
  });
});
