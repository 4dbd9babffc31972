import { z } from "zod";
import { htmlLines } from "../notifications/message";
import { storable } from "../schemas/text";
import { defineKind } from "./kind";
import { apiUrl, apiUrlField, clip, join } from "./parts";

/** Pushover: a form POST to /1/messages.json (HTML message). Its 4xx answers are final by its docs. */
export const pushover = defineKind({
  kind: "pushover",
  label: "Pushover",
  config: z.strictObject({
    app_token: z
      .string()
      .check(storable)
      .regex(/^[A-Za-z0-9]{30}$/, "Enter the 30-character application token")
      .describe("The application's API token"),
    user_key: z
      .string()
      .check(storable)
      .regex(/^[A-Za-z0-9]{30}$/, "Enter the 30-character user or group key")
      .describe("The user or group key"),
    priority: z.number().int().min(-2).max(1).optional().describe("-2 to 1; default 1 for incidents, 0 otherwise"),
    api_url: apiUrl("https://api.pushover.net"),
  }),
  secrets: ["app_token", "user_key"],
  form: {
    fields: [
      {
        name: "app_token",
        label: "Application token",
        input: "text",
        required: true,
        help: "30 characters: Pushover → Create an Application/API Token.",
      },
      {
        name: "user_key",
        label: "User or group key",
        input: "text",
        required: true,
        help: "30 characters: shown on your Pushover dashboard (or a group's key).",
      },
      {
        name: "priority",
        label: "Priority (optional)",
        input: "number",
        min: -2,
        max: 1,
        help: "-2 to 1. Empty: 1 for incidents, 0 otherwise.",
      },
      apiUrlField("https://api.pushover.net"),
    ],
    docs: { href: "https://pushover.net/api", text: "Pushover: API, application tokens and user keys" },
    summary: ["user_key"],
  },
  via: "http",
  render(m, c) {
    const form = new URLSearchParams({
      token: c.app_token,
      user: c.user_key,
      title: clip(m.title, 250),
      message: clip(htmlLines(m).slice(1).join("\n") || m.title, 1024),
      html: "1",
      priority: String(c.priority ?? (m.tone === "opened" ? 1 : 0)),
      timestamp: String(Math.floor(Date.parse(m.occurredAt) / 1000)),
      ...(m.link ? { url: m.link, url_title: "Open in Lifeline" } : {}),
    });
    return {
      method: "POST",
      url: join(c.api_url ?? "https://api.pushover.net", "/1/messages.json"),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    };
  },
  permanentRefusal: (status, body) =>
    status >= 400 && status < 500 && status !== 429 ? (pushoverErrors(body) ?? `HTTP ${status}`) : null,
});

function pushoverErrors(body: string): string | null {
  try {
    const errors = (JSON.parse(body) as { errors?: unknown }).errors;
    return Array.isArray(errors) ? errors.join("; ").slice(0, 200) : null;
  } catch {
    return null;
  }
}
