import { z } from "zod";
import { TONE_COLOUR } from "../notifications/message";
import { defineKind } from "./kind";
import { httpUrl, json, webhookUrlField } from "./parts";

/** Mattermost incoming webhook (Slack-compatible): text plus one coloured attachment with fields. */
export const mattermost = defineKind({
  kind: "mattermost",
  label: "Mattermost",
  config: z.strictObject({ url: httpUrl("The incoming-webhook URL (Integrations → Incoming Webhooks)") }),
  secrets: ["url"],
  form: {
    fields: [
      webhookUrlField(
        "https://mattermost.example.com/hooks/…",
        "In Mattermost: Integrations → Incoming Webhooks → Add → copy its URL.",
      ),
    ],
    docs: {
      href: "https://developers.mattermost.com/integrate/webhooks/incoming/",
      text: "Mattermost: incoming webhooks",
    },
    summary: ["url"],
  },
  via: "http",
  render: (m, c) =>
    json(c.url, {
      username: "Lifeline",
      text: `**${m.title}**`,
      attachments: [
        {
          fallback: m.title,
          color: `#${TONE_COLOUR[m.tone].toString(16).padStart(6, "0")}`,
          title: m.subject ?? "Lifeline",
          ...(m.link ? { title_link: m.link } : {}),
          text: m.lines.join("\n"),
          fields: m.facts.map((f) => ({ short: f.label !== "Reason", title: f.label, value: f.value })),
        },
      ],
    }),
});
