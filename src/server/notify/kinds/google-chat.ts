import { clip, json, type KindSender } from "./types";

/** Google Chat incoming webhook: a text message (Chat's *bold* and <url|label> markup). */
export const googleChat: KindSender<"google_chat"> = {
  kind: "google_chat",
  render: (m, c) => {
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const lines = [`*${esc(m.title)}*`, ...m.lines.map(esc)];
    if (m.project) lines.push(`Project: ${esc(m.project)}`);
    if (m.link) lines.push(`<${m.link}|Open in Lifeline>`);
    return json(c.url, { text: clip(lines.join("\n"), 4000) });
  },
};
