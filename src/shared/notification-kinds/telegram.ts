import { z } from "zod";
import { htmlLines } from "../notifications/message";
import { storable } from "../schemas/text";
import { defineKind } from "./kind";
import { apiUrl, apiUrlField, clip, join, json } from "./parts";

/** Telegram Bot API sendMessage with HTML. Blocked, kicked or unknown chats are permanent refusals. */
export const telegram = defineKind({
  kind: "telegram",
  label: "Telegram",
  config: z.strictObject({
    bot_token: z
      .string()
      .check(storable)
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "Enter the token @BotFather gave (digits:letters)")
      .describe("The bot token from @BotFather"),
    chat_id: z
      .string()
      .check(storable)
      .regex(/^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})$/, "Enter a numeric chat id or @channelname")
      .describe("The chat, group or @channel"),
    thread_id: z.number().int().positive().optional().describe("A forum topic's message_thread_id"),
    api_url: apiUrl("https://api.telegram.org"),
  }),
  secrets: ["bot_token"],
  form: {
    fields: [
      {
        name: "bot_token",
        label: "Bot token",
        input: "text",
        required: true,
        placeholder: "123456:ABC…",
        help: "Message @BotFather, send /newbot and copy the token it gives (digits:letters).",
      },
      {
        name: "chat_id",
        label: "Chat id",
        input: "text",
        required: true,
        placeholder: "-1001234567890 or @channel",
        help: "The numeric id of the chat or group (add the bot to it first), or @channelname.",
      },
      {
        name: "thread_id",
        label: "Topic thread id (optional)",
        input: "number",
        min: 1,
        help: "A forum topic's message_thread_id; empty for the main chat.",
      },
      apiUrlField("https://api.telegram.org"),
    ],
    docs: {
      href: "https://core.telegram.org/bots/features#botfather",
      text: "Telegram: creating a bot with BotFather",
    },
    summary: ["chat_id"],
  },
  via: "http",
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
    if (status === 400 && description && /chat not found|chat_id is empty|user not found/i.test(description))
      return description;
    if ((status === 401 || status === 403 || status === 404) && description) return description;
    return null;
  },
});

function telegramDescription(body: string): string | null {
  try {
    const d = (JSON.parse(body) as { description?: unknown }).description;
    return typeof d === "string" ? d.slice(0, 200) : null;
  } catch {
    return null;
  }
}
