import { z } from "zod";
import { defineKind } from "./kind";
import { clip, httpUrl, json, webhookUrlField } from "./parts";

/** Google Chat incoming webhook: a text message (Chat's *bold* and <url|label> markup). */
export const googleChat = defineKind({
  kind: "google_chat",
  label: "Google Chat",
  config: z.strictObject({ url: httpUrl("The space's incoming-webhook URL (Apps & integrations → Webhooks)") }),
  secrets: ["url"],
  form: {
    fields: [
      webhookUrlField(
        "https://chat.googleapis.com/v1/spaces/…",
        "In Google Chat: the space's Apps & integrations → Webhooks → Add webhook → copy its URL.",
      ),
    ],
    docs: {
      href: "https://developers.google.com/workspace/chat/quickstart/webhooks",
      text: "Google: send messages to Google Chat with incoming webhooks",
    },
    summary: ["url"],
  },
  via: "http",
  render: (m, c) => {
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const lines = [`*${esc(m.title)}*`, ...m.lines.map(esc)];
    if (m.project) lines.push(`Project: ${esc(m.project)}`);
    if (m.link) lines.push(`<${m.link}|Open in Lifeline>`);
    return json(c.url, { text: clip(lines.join("\n"), 4000) });
  },
});
