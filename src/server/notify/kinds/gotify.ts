import { join, json, type KindSender } from "./types";

/** Gotify: `POST {url}/message` with the application token in X-Gotify-Key; markdown body. */
export const gotify: KindSender<"gotify"> = {
  kind: "gotify",
  render: (m, c) => {
    const lines = [...m.lines, ...(m.project ? [`Project: ${m.project}`] : []), ...(m.link ? [`[Open in Lifeline](${m.link})`] : [])];
    return json(
      join(c.url, "/message"),
      {
        title: m.title,
        message: lines.join("  \n"),
        priority: c.priority ?? (m.tone === "opened" ? 8 : 4),
        extras: {
          "client::display": { contentType: "text/markdown" },
          ...(m.link ? { "client::notification": { click: { url: m.link } } } : {}),
        },
      },
      { "X-Gotify-Key": c.token },
    );
  },
};
