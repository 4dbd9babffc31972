import { z } from "zod";
import { defineKind } from "./kind";
import { clip, httpUrl, json, webhookUrlField } from "./parts";

/** Microsoft Teams Workflows webhook: an AdaptiveCard 1.4 in a message envelope. */
export const teams = defineKind({
  kind: "teams",
  label: "Microsoft Teams",
  config: z.strictObject({
    url: httpUrl("The Workflows webhook URL (a “Post to a channel when a webhook request is received” flow)"),
  }),
  secrets: ["url"],
  form: {
    fields: [
      webhookUrlField(
        "https://….logic.azure.com/workflows/…",
        "In Teams: the channel's Workflows → “Post to a channel when a webhook request is received” → copy its URL.",
      ),
    ],
    docs: {
      href: "https://support.microsoft.com/en-us/office/create-incoming-webhooks-with-workflows-for-microsoft-teams-8ae491c7-0394-4861-ba59-055e33f75498",
      text: "Microsoft: create incoming webhooks with Workflows for Teams",
    },
    summary: ["url"],
  },
  via: "http",
  render: (m, c) =>
    json(c.url, {
      type: "message",
      summary: clip(m.title, 256),
      attachments: [
        {
          contentType: "application/vnd.microsoft.card.adaptive",
          contentUrl: null,
          content: {
            $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
            type: "AdaptiveCard",
            version: "1.4",
            fallbackText: clip(m.title, 256),
            body: [
              {
                type: "TextBlock",
                text: m.title,
                weight: "Bolder",
                size: "Medium",
                wrap: true,
                color: m.tone === "opened" ? "Attention" : m.tone === "resolved" ? "Good" : "Warning",
              },
              ...m.lines.map((line) => ({ type: "TextBlock", text: line, wrap: true, spacing: "Small" })),
              { type: "FactSet", facts: m.facts.map((f) => ({ title: f.label, value: f.value })) },
            ],
            actions: m.link ? [{ type: "Action.OpenUrl", title: "Open in Lifeline", url: m.link }] : [],
          },
        },
      ],
    }),
});
