import { messageOf, plainText } from "../message";
import type { Payload } from "../payload";

/** An email notification's subject: the message's headline. */
export function emailSubject(p: Payload): string {
  return `[Lifeline] ${messageOf(p).title}`;
}

/** An email notification's text: the message in plain text (headline, details, project, link), then the log tail. */
export function emailText(p: Payload): string {
  const m = messageOf(p);
  const tail = m.logTail ? `\n\nLog (last lines):\n${m.logTail}` : "";
  return `${plainText(m)}${tail}\n`;
}
