import { z } from "zod";
import type { Payload } from "../notifications/payload";
import { storable } from "../schemas/text";
import { defineKind } from "./kind";
import { httpUrl } from "./parts";

/** webhook: `{{monitor.name}}`-style placeholders (docs/api-sweeper-notifications.md). */
export const BODY_TEMPLATE_MAX = 8192;

/**
 * A signed webhook: the JSON payload itself (or its `body_template` filled in), with
 * `X-Lifeline-Event`, `X-Lifeline-Event-Id` and `X-Signature: sha256=<HMAC of the body>`.
 */
export const webhook = defineKind({
  kind: "webhook",
  label: "Webhook",
  config: z.strictObject({
    url: httpUrl("Where the POST goes (also accepted top-level)").optional(),
    secret: z
      .string()
      .check(storable)
      .min(16, "Use at least 16 characters")
      .max(256, "Use at most 256 characters")
      .optional()
      .describe("HMAC-SHA256 signing key"),
    body_template: z
      .string()
      .max(BODY_TEMPLATE_MAX, `Use at most ${BODY_TEMPLATE_MAX} characters`)
      .optional()
      .describe(
        "A custom body with {{placeholders}}, JSON-escaped when the template is JSON; the standard JSON payload when omitted",
      ),
  }),
  // The URL is a credential too: many a receiver's URL carries a token in its path or query.
  secrets: ["url", "secret"],
  columns: { url: "required", secret: "generated" },
  form: {
    fields: [
      {
        name: "url",
        label: "URL",
        input: "url",
        required: true,
        top: true,
        placeholder: "https://example.com/hooks/lifeline",
        help: "Where each notification is POSTed as JSON.",
      },
      {
        name: "secret",
        label: "Signing secret (optional)",
        input: "text",
        top: true,
        help: "16–256 characters. Leave empty and Lifeline generates one, shown once after saving. Each POST carries X-Signature: sha256=HMAC of the body.",
      },
      {
        name: "body_template",
        label: "Body template (optional)",
        input: "textarea",
        placeholder: '{"text": "{{monitor.name}}: {{incident.reason}}"}',
        help: "A custom body with placeholders such as {{monitor.name}}, {{incident.reason}}, {{event}}; JSON-escaped when it starts with { or [. Empty: the standard JSON payload.",
      },
    ],
    summary: [],
  },
  via: "http",
  render(_m, c, { payload, sign }) {
    const template = typeof c.body_template === "string" ? renderBodyTemplate(c.body_template, payload) : null;
    const body = template ? template.body : JSON.stringify(payload);
    return {
      method: "POST",
      url: c.url!,
      headers: {
        "Content-Type": template?.contentType ?? "application/json",
        "X-Lifeline-Event": payload.event,
        ...(payload.event_id !== null ? { "X-Lifeline-Event-Id": String(payload.event_id) } : {}),
        ...(c.secret ? { "X-Signature": sign(body, c.secret) } : {}),
      },
      body,
    };
  },
});

const PLACEHOLDER = /\{\{\s*([a-z_]+(?:\.[a-z_]+)*)\s*\}\}/g;

/** Whether a body template is JSON (its placeholders are then JSON-escaped): it starts with { or [. */
export const isJsonTemplate = (template: string) => /^\s*(\[|\{(?!\{))/.test(template);

/**
 * A webhook's `body_template` filled in from the payload: `{{monitor.name}}`, `{{incident.reason}}`,
 * `{{event}}`... (any path into the JSON payload). Unknown or null paths become empty text. In a JSON
 * template each value is escaped as the inside of a JSON string.
 */
export function renderBodyTemplate(template: string, payload: Payload): { body: string; contentType: string } {
  const asJson = isJsonTemplate(template);
  const body = template.replace(PLACEHOLDER, (_, path: string) => {
    let value: unknown = payload;
    for (const key of path.split("."))
      value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
    const text =
      value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
    return asJson ? JSON.stringify(text).slice(1, -1) : text;
  });
  return { body, contentType: asJson ? "application/json" : "text/plain; charset=utf-8" };
}
