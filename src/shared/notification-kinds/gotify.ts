import { z } from "zod";
import { defineKind } from "./kind";
import { httpUrl, join, json, text } from "./parts";

/** Gotify: `POST {url}/message` with the application token in X-Gotify-Key; markdown body. */
export const gotify = defineKind({
  kind: "gotify",
  label: "Gotify",
  config: z.strictObject({
    url: httpUrl("The Gotify server"),
    token: text("The application token"),
    priority: z.number().int().min(0).max(10).optional().describe("0–10; default 8 for incidents, 4 otherwise"),
  }),
  secrets: ["token"],
  form: {
    fields: [
      {
        name: "url",
        label: "Server URL",
        input: "url",
        required: true,
        placeholder: "https://gotify.example.com",
        help: "Your Gotify server.",
      },
      {
        name: "token",
        label: "Application token",
        input: "text",
        required: true,
        help: "In Gotify: Apps → Create application → its token.",
      },
      {
        name: "priority",
        label: "Priority (optional)",
        input: "number",
        min: 0,
        max: 10,
        help: "0–10. Empty: 8 for incidents, 4 otherwise.",
      },
    ],
    docs: { href: "https://gotify.net/docs/pushmsg", text: "Gotify: push messages" },
    summary: ["url"],
  },
  via: "http",
  render: (m, c) => {
    const lines = [
      ...m.lines,
      ...(m.project ? [`Project: ${m.project}`] : []),
      ...(m.link ? [`[Open in Lifeline](${m.link})`] : []),
    ];
    return json(
      join(c.url, "/message"),
      {
        title: m.title,
        message: lines.join("  \n"),
        priority: c.priority ?? (m.tone === "opened" ? 8 : 4),
        extras: {
          "client::display": { contentType: "text/markdown" },
          ...(m.link ? { "client::notification": { click: { url: m.link } } } : {}),
        },
      },
      { "X-Gotify-Key": c.token },
    );
  },
});
