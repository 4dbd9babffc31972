import { clip, json, type KindSender } from "./types";

/** Microsoft Teams Workflows webhook: an AdaptiveCard 1.4 in a message envelope. */
export const teams: KindSender<"teams"> = {
  kind: "teams",
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
};
