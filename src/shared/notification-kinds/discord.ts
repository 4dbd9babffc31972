import { z } from "zod";
import { TONE_COLOUR } from "../notifications/message";
import { defineKind } from "./kind";
import { clip, httpUrl, json, webhookUrlField } from "./parts";

/** Discord channel webhook: one embed (title, colour by event, fields, timestamp); no mentions. */
export const discord = defineKind({
  kind: "discord",
  label: "Discord",
  config: z.strictObject({ url: httpUrl("The channel's webhook URL (Server settings → Integrations → Webhooks)") }),
  secrets: ["url"],
  form: {
    fields: [
      webhookUrlField(
        "https://discord.com/api/webhooks/…",
        "In Discord: Server settings → Integrations → Webhooks → New webhook → Copy webhook URL.",
      ),
    ],
    docs: {
      href: "https://support.discord.com/hc/en-us/articles/228383668-Intro-to-Webhooks",
      text: "Discord: intro to webhooks",
    },
    summary: ["url"],
  },
  via: "http",
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
          fields: m.facts
            .slice(0, 25)
            .map((f) => ({ name: clip(f.label, 256), value: clip(f.value, 1024), inline: f.label !== "Reason" })),
          timestamp: m.occurredAt,
          footer: { text: "Lifeline" },
        },
      ],
    }),
});
