import { htmlLines } from "../message";
import { clip, join, json, type KindSender } from "./types";

/** Telegram Bot API sendMessage with HTML. Blocked, kicked or unknown chats are permanent refusals. */
export const telegram: KindSender<"telegram"> = {
  kind: "telegram",
  render: (m, c) =>
    json(join(c.api_url ?? "https://api.telegram.org", `/bot${c.bot_token}/sendMessage`), {
      chat_id: c.chat_id,
      text: clip(htmlLines(m).join("\n"), 4096),
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
      ...(c.thread_id ? { message_thread_id: c.thread_id } : {}),
    }),
  permanentRefusal(status, body) {
    const description = telegramDescription(body);
    if (status === 400 && description && /chat not found|chat_id is empty|user not found/i.test(description)) return description;
    if ((status === 401 || status === 403 || status === 404) && description) return description;
    return null;
  },
};

function telegramDescription(body: string): string | null {
  try {
    const d = (JSON.parse(body) as { description?: unknown }).description;
    return typeof d === "string" ? d.slice(0, 200) : null;
  } catch {
    return null;
  }
}
