import { plainText } from "../message";
import { join, json, type KindSender } from "./types";

/** ntfy: a JSON publish to the server root (topic in the body), Bearer token when set. */
export const ntfy: KindSender<"ntfy"> = {
  kind: "ntfy",
  render: (m, c) =>
    json(
      join(c.url, "/"),
      {
        topic: c.topic,
        title: m.title,
        message: [...m.lines, ...(m.project ? [`Project: ${m.project}`] : [])].join("\n") || plainText(m),
        priority: c.priority ?? (m.tone === "opened" ? 4 : 3),
        tags: [m.tone === "opened" ? "rotating_light" : m.tone === "resolved" ? "white_check_mark" : "information_source"],
        ...(m.link ? { click: m.link, actions: [{ action: "view", label: "Open in Lifeline", url: m.link }] } : {}),
      },
      c.token ? { Authorization: `Bearer ${c.token}` } : {},
    ),
};
