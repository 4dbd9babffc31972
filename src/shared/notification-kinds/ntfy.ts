import { z } from "zod";
import { plainText } from "../notifications/message";
import { storable } from "../schemas/text";
import { defineKind } from "./kind";
import { httpUrl, join, json, text } from "./parts";

/** ntfy: a JSON publish to the server root (topic in the body), Bearer token when set. */
export const ntfy = defineKind({
  kind: "ntfy",
  label: "ntfy",
  config: z.strictObject({
    url: httpUrl("The ntfy server, e.g. https://ntfy.sh"),
    topic: z
      .string()
      .check(storable)
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "Use 1–64 letters, digits, - or _")
      .describe("The topic"),
    token: text("An access token (sent as Bearer)").optional(),
    priority: z
      .number()
      .int()
      .min(1)
      .max(5)
      .optional()
      .describe("1 (min) to 5 (max); default 4 for incidents, 3 otherwise"),
  }),
  secrets: ["token"],
  form: {
    fields: [
      {
        name: "url",
        label: "Server URL",
        input: "url",
        required: true,
        placeholder: "https://ntfy.sh",
        help: "The ntfy server: https://ntfy.sh or your own.",
      },
      {
        name: "topic",
        label: "Topic",
        input: "text",
        required: true,
        placeholder: "lifeline-alerts",
        help: "1–64 letters, digits, - or _. Subscribe to it in the ntfy app.",
      },
      {
        name: "token",
        label: "Access token (optional)",
        input: "text",
        placeholder: "tk_…",
        help: "For a protected topic: an access token, sent as Bearer.",
      },
      {
        name: "priority",
        label: "Priority (optional)",
        input: "number",
        min: 1,
        max: 5,
        help: "1 (min) to 5 (max). Empty: 4 for incidents, 3 otherwise.",
      },
    ],
    docs: { href: "https://docs.ntfy.sh/publish/", text: "ntfy: publishing and access tokens" },
    summary: ["url", "topic"],
  },
  via: "http",
  render: (m, c) =>
    json(
      join(c.url, "/"),
      {
        topic: c.topic,
        title: m.title,
        message: [...m.lines, ...(m.project ? [`Project: ${m.project}`] : [])].join("\n") || plainText(m),
        priority: c.priority ?? (m.tone === "opened" ? 4 : 3),
        tags: [
          m.tone === "opened" ? "rotating_light" : m.tone === "resolved" ? "white_check_mark" : "information_source",
        ],
        ...(m.link ? { click: m.link, actions: [{ action: "view", label: "Open in Lifeline", url: m.link }] } : {}),
      },
      c.token ? { Authorization: `Bearer ${c.token}` } : {},
    ),
});
