import { z } from "zod";
import { idParam, paginationInput, timestamp } from "./common";

/** Integrations (decisions 7): where an organization's notifications go. */
export const INTEGRATION_KINDS = ["webhook", "slack", "email"] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];
const kind = z.enum(INTEGRATION_KINDS);

const fields = {
  name: z.string().trim().min(1, "Enter a name that is not empty or only spaces").max(128, "Use at most 128 characters"),
  url: z
    .url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL" })
    .max(2048, "Use at most 2048 characters")
    .describe("webhook: where the JSON POST goes; slack: the incoming-webhook URL"),
  email: z.email("Enter an email address").max(254).describe("email: the recipient"),
  secret: z
    .string()
    .min(16, "Use at least 16 characters")
    .max(256, "Use at most 256 characters")
    .describe("webhook: the HMAC-SHA256 signing key; generated when omitted"),
  is_default: z.boolean().describe("Notified for monitors whose integration_ids is empty"),
};

export const createIntegrationInput = z.object({
  name: fields.name,
  kind,
  url: fields.url.optional(),
  email: fields.email.optional(),
  secret: fields.secret.optional(),
  is_default: fields.is_default.default(false),
});
export type CreateIntegrationInput = z.infer<typeof createIntegrationInput>;

/** PATCH: any subset. The kind cannot change; `rotate_secret` issues a new webhook secret. */
export const patchIntegrationInput = z.object({
  id: idParam,
  name: fields.name.optional(),
  url: fields.url.optional(),
  email: fields.email.optional(),
  is_default: fields.is_default.optional(),
  rotate_secret: z.boolean().optional().describe("webhook: replace the signing secret (the answer shows the new one)"),
});
export type IntegrationPatch = Omit<z.infer<typeof patchIntegrationInput>, "id">;

/**
 * The fields each kind takes: `url` for webhook and slack, `email` for email, `secret` and
 * `rotate_secret` for webhook only. Returns errors keyed by field (empty when the fields fit).
 */
export function kindFieldErrors(
  k: IntegrationKind,
  f: { url?: string | null; email?: string | null; secret?: string | null; rotate_secret?: boolean },
  creating: boolean,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const needsUrl = k === "webhook" || k === "slack";
  if (needsUrl && creating && !f.url) errors.url = [`A ${k} integration needs a url`];
  if (!needsUrl && f.url != null) errors.url = [`An integration of kind ${k} takes no url`];
  if (k === "email" && creating && !f.email) errors.email = ["An email integration needs an email address"];
  if (k !== "email" && f.email != null) errors.email = [`An integration of kind ${k} takes no email address`];
  if (k !== "webhook" && f.secret != null) errors.secret = ["Only webhook integrations have a signing secret"];
  if (k !== "webhook" && f.rotate_secret) errors.rotate_secret = ["Only webhook integrations have a signing secret"];
  return errors;
}

export const integration = z.object({
  id: z.number().int(),
  name: z.string(),
  kind,
  url: z.string().nullable(),
  email: z.string().nullable(),
  is_default: z.boolean(),
  secret: z
    .string()
    .optional()
    .describe("webhook: the signing secret, present only in the answers of create and of PATCH with rotate_secret"),
  created_at: timestamp,
  updated_at: timestamp,
});

export const listIntegrationsInput = z.object({ ...paginationInput, kind: kind.optional() });

export const delivery = z.object({
  id: z.number().int(),
  integration_id: z.number().int(),
  event: z.enum(["incident.opened", "incident.resolved", "run.drifted", "test"]),
  event_id: z.number().int().nullable().describe("The notified event (also sent as X-Lifeline-Event-Id); null for tests"),
  attempt: z.number().int().describe("1 to 3"),
  status: z.enum(["success", "failed"]),
  response_status: z.number().int().nullable().describe("HTTP status of the receiver (webhook, slack)"),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  created_at: timestamp,
});

export const listDeliveriesInput = z.object({ id: idParam, ...paginationInput });
