import { TONE_COLOUR } from "../message";
import { clip, json, type KindSender } from "./types";

/** Discord channel webhook: one embed (title, colour by event, fields, timestamp); no mentions. */
export const discord: KindSender<"discord"> = {
  kind: "discord",
  render: (m, c) =>
    json(c.url, {
      username: "Lifeline",
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: clip(m.title, 256),
          description: clip(m.lines.join("\n"), 4096),
          ...(m.link ? { url: m.link } : {}),
          color: TONE_COLOUR[m.tone],
          fields: m.facts.slice(0, 25).map((f) => ({ name: clip(f.label, 256), value: clip(f.value, 1024), inline: f.label !== "Reason" })),
          timestamp: m.occurredAt,
          footer: { text: "Lifeline" },
        },
      ],
    }),
};
