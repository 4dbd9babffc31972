import { htmlLines } from "../message";
import { clip, join, type KindSender } from "./types";

/** Pushover: a form POST to /1/messages.json (HTML message). Its 4xx answers are final by its docs. */
export const pushover: KindSender<"pushover"> = {
  kind: "pushover",
  render(m, c) {
    const form = new URLSearchParams({
      token: c.app_token,
      user: c.user_key,
      title: clip(m.title, 250),
      message: clip(htmlLines(m).slice(1).join("\n") || m.title, 1024),
      html: "1",
      priority: String(c.priority ?? (m.tone === "opened" ? 1 : 0)),
      timestamp: String(Math.floor(Date.parse(m.occurredAt) / 1000)),
      ...(m.link ? { url: m.link, url_title: "Open in Lifeline" } : {}),
    });
    return {
      method: "POST",
      url: join(c.api_url ?? "https://api.pushover.net", "/1/messages.json"),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    };
  },
  permanentRefusal: (status, body) => (status >= 400 && status < 500 && status !== 429 ? pushoverErrors(body) ?? `HTTP ${status}` : null),
};

function pushoverErrors(body: string): string | null {
  try {
    const errors = (JSON.parse(body) as { errors?: unknown }).errors;
    return Array.isArray(errors) ? errors.join("; ").slice(0, 200) : null;
  } catch {
    return null;
  }
}
