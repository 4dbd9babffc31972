import { messageOf } from "../message";
import type { Payload } from "../payload";

const ICON = { opened: ":red_circle:", resolved: ":large_green_circle:", info: ":large_yellow_circle:" } as const;

/** A Slack incoming-webhook message (mrkdwn) from the one message model. Slack's `<`, `>` and `&` are escaped in user text. */
export function slackMessage(p: Payload): { text: string } {
  const m = messageOf(p);
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const lines = m.lines.map(esc);
  if (m.project) lines.push(`Project: ${esc(m.project)}`);
  if (m.link) lines.push(`<${m.link}|Open in Lifeline>`);
  const tail = m.logTail ? `\n\`\`\`${esc(m.logTail).replace(/```/g, "'''")}\`\`\`` : "";
  return { text: `${ICON[m.tone]} *${esc(m.title)}*\n${lines.join("\n")}${tail}` };
}
