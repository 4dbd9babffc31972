import { z } from "zod";
import type { Message } from "../notifications/message";
import { defineKind } from "./kind";
import { httpUrl, json, webhookUrlField } from "./parts";

const ICON = { opened: ":red_circle:", resolved: ":large_green_circle:", info: ":large_yellow_circle:" } as const;

/** A Slack incoming-webhook message (mrkdwn). Slack's `<`, `>` and `&` are escaped in user text. */
export const slack = defineKind({
  kind: "slack",
  label: "Slack",
  config: z.strictObject({ url: httpUrl("The incoming-webhook URL (also accepted top-level)").optional() }),
  // An incoming-webhook URL is a credential: whoever knows it can post.
  secrets: ["url"],
  columns: { url: "required" },
  form: {
    fields: [
      webhookUrlField(
        "https://hooks.slack.com/services/…",
        "In Slack: create an app, turn on Incoming Webhooks, add one to the channel and copy its URL.",
        true,
      ),
    ],
    docs: { href: "https://api.slack.com/messaging/webhooks", text: "Slack: sending messages using incoming webhooks" },
  },
  via: "http",
  render: (m, c) => json(c.url!, { text: slackText(m) }),
});

function slackText(m: Message): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const lines = m.lines.map(esc);
  if (m.project) lines.push(`Project: ${esc(m.project)}`);
  if (m.link) lines.push(`<${m.link}|Open in Lifeline>`);
  const tail = m.logTail ? `\n\`\`\`${esc(m.logTail).replace(/```/g, "'''")}\`\`\`` : "";
  return `${ICON[m.tone]} *${esc(m.title)}*\n${lines.join("\n")}${tail}`;
}
