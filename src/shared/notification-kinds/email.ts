import { z } from "zod";
import { plainText } from "../notifications/message";
import { defineKind } from "./kind";

/**
 * Email: one plain-text mail through SMTP_URL (headline, details, project, link, then the log tail).
 * Its recipient confirms the address first (src/server/services/integrations/integration-confirmation.ts).
 */
export const email = defineKind({
  kind: "email",
  label: "Email",
  config: z.strictObject({
    email: z.email("Enter an email address").max(254).optional().describe("The recipient (also accepted top-level)"),
  }),
  secrets: [],
  columns: { email: "required" },
  confirmsRecipient: true,
  form: {
    fields: [
      {
        name: "email",
        label: "Email address",
        input: "email",
        required: true,
        top: true,
        placeholder: "oncall@example.com",
        help: "A confirmation mail goes to a new address; nothing else is sent until its recipient confirms.",
      },
    ],
  },
  via: "smtp",
  mail(m, c) {
    const tail = m.logTail ? `\n\nLog (last lines):\n${m.logTail}` : "";
    return { to: c.email!, subject: `[Lifeline] ${m.title}`, text: `${plainText(m)}${tail}\n` };
  },
});
