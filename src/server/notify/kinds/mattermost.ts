import { TONE_COLOUR } from "../message";
import { json, type KindSender } from "./types";

/** Mattermost incoming webhook (Slack-compatible): text plus one coloured attachment with fields. */
export const mattermost: KindSender<"mattermost"> = {
  kind: "mattermost",
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
};
