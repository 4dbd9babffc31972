import { z } from "zod";
import { idParam, paginationInput, timestamp } from "./common";
import { MASK } from "../integration-secrets";
import { storable, text } from "./text";

import { NOTIFICATION_EVENTS, REPEAT_MINUTES_MAX, REPEAT_MINUTES_MIN } from "../integration-events";
import { INTEGRATION_KINDS, kindOf, type IntegrationKind } from "../notification-kinds";

/** Integrations (decisions 7): where an organization's notifications go. */
export { INTEGRATION_KINDS, type IntegrationKind };
const kind = z.enum(INTEGRATION_KINDS);

const fields = {
  name: text().trim().min(1, "Enter a name that is not empty or only spaces").max(128, "Use at most 128 characters"),
  url: z
    .url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL" })
    .max(2048, "Use at most 2048 characters")
    .check(storable)
    .describe("webhook: where the JSON POST goes; slack: the incoming-webhook URL"),
  email: z.email("Enter an email address").max(254).check(storable).describe("email: the recipient"),
  secret: text()
    .min(16, "Use at least 16 characters")
    .max(256, "Use at most 256 characters")
    .describe("webhook: the HMAC-SHA256 signing key; generated when omitted"),
  is_default: z.boolean().describe("Notified for monitors whose integration_ids is empty"),
  events: z
    .array(z.enum(NOTIFICATION_EVENTS, `Choose among ${NOTIFICATION_EVENTS.join(", ")}`))
    .max(NOTIFICATION_EVENTS.length)
    .describe(
      "The events it receives; default all but incident.reminder, maintenance.started and maintenance.ended (those are chosen one by one). Tests are always sent",
    ),
  repeat_minutes: z
    .number()
    .int("Use a whole number of minutes")
    .min(REPEAT_MINUTES_MIN, `Use at least ${REPEAT_MINUTES_MIN} minutes`)
    .max(REPEAT_MINUTES_MAX, `Use at most ${REPEAT_MINUTES_MAX} minutes (a week)`)
    .nullable()
    .describe(
      `Minutes between incident.reminder notifications while an incident stays open and unacknowledged (${REPEAT_MINUTES_MIN}–${REPEAT_MINUTES_MAX}); null: no reminders (the default). Reminders are sent only when events includes incident.reminder`,
    ),
};

const createBase = {
  name: fields.name,
  url: fields.url.optional(),
  email: fields.email.optional(),
  secret: fields.secret.optional(),
  is_default: fields.is_default.default(false),
  events: fields.events.optional(),
  repeat_minutes: fields.repeat_minutes.optional(),
};

/**
 * POST: `kind` chooses the shape of `config` (validated per kind, errors keyed `config.<field>`;
 * the OpenAPI document shows one member per kind). webhook, slack and email keep their top-level
 * `url`/`email`/`secret` and also accept them (and webhook's `body_template`) in `config`; every
 * other kind takes its settings in `config` only.
 */
export const createIntegrationInput = z.object({
  ...createBase,
  kind,
  config: z.record(text(), z.unknown()).optional().describe("The kind's settings (src/shared/notification-kinds/)"),
});
export type CreateIntegrationInput = z.infer<typeof createIntegrationInput>;

/**
 * PATCH: any subset. The kind cannot change. A credential (`url` of webhook and slack, `secret`) is
 * replaced by sending the new value; omitted, or sent back exactly as the answers mask it, it keeps
 * the stored one. `rotate_secret` issues a new webhook secret.
 */
export const patchIntegrationInput = z.object({
  id: idParam,
  name: fields.name.optional(),
  url: fields.url.optional(),
  email: fields.email.optional(),
  secret: text()
    .max(256, "Use at most 256 characters")
    .refine((v) => v.startsWith(MASK) || v.length >= 16, "Use at least 16 characters")
    .optional()
    .describe("webhook: a new signing key of your own, 16–256 characters"),
  is_default: fields.is_default.optional(),
  events: fields.events.optional(),
  repeat_minutes: fields.repeat_minutes.optional(),
  config: z
    .record(text(), z.unknown())
    .optional()
    .describe(
      "The kind's settings (the same fields as on create): sent fields replace the stored ones; a credential sent back masked keeps the stored one",
    ),
  rotate_secret: z
    .boolean()
    .optional()
    .describe("webhook: replace the signing secret with a generated one (the answer shows it once)"),
});
export type IntegrationPatch = Omit<z.infer<typeof patchIntegrationInput>, "id">;

/** The kinds with a signing secret (webhook): "Only webhook integrations have a signing secret". */
const SIGNING_KINDS = INTEGRATION_KINDS.filter((k) => kindOf(k).columns?.secret);

/**
 * The top-level fields each kind takes (its `columns`): `url` for webhook and slack, `email` for
 * email, `secret` and `rotate_secret` for webhook only. Returns errors keyed by field (empty when
 * the fields fit).
 */
export function kindFieldErrors(
  k: IntegrationKind,
  f: { url?: string | null; email?: string | null; secret?: string | null; rotate_secret?: boolean },
  creating: boolean,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const columns = kindOf(k).columns ?? {};
  if (columns.url && creating && !f.url) errors.url = [`A ${k} integration needs a url`];
  if (!columns.url && f.url != null) errors.url = [`An integration of kind ${k} takes no url`];
  if (columns.email && creating && !f.email) errors.email = [`An ${k} integration needs an email address`];
  if (!columns.email && f.email != null) errors.email = [`An integration of kind ${k} takes no email address`];
  const noSecret = `Only ${SIGNING_KINDS.join(" and ")} integrations have a signing secret`;
  if (!columns.secret && f.secret != null) errors.secret = [noSecret];
  if (!columns.secret && f.rotate_secret) errors.rotate_secret = [noSecret];
  else if (f.secret != null && f.rotate_secret)
    errors.rotate_secret = ["Send either a secret or rotate_secret, not both"];
  return errors;
}

export const integration = z.object({
  id: z.number().int(),
  name: z.string(),
  kind,
  url: z
    .string()
    .nullable()
    .describe(
      "webhook and slack: masked, a credential (scheme, host and last 4 characters: https://hooks.slack.com/…/****CRET)",
    ),
  email: z.string().nullable(),
  confirmed: z
    .boolean()
    .describe(
      "email: the recipient followed the confirmation link (until then nothing but that mail is sent); true for other kinds",
    ),
  is_default: z.boolean(),
  events: z.array(z.enum(NOTIFICATION_EVENTS)).describe("The events it receives"),
  repeat_minutes: z
    .number()
    .int()
    .nullable()
    .describe(
      "Minutes between incident.reminder notifications (sent when events includes incident.reminder); null: none",
    ),
  config: z
    .record(text(), z.unknown())
    .describe(
      "The kind's settings, credentials masked (src/shared/notification-kinds/; docs/api-sweeper-notifications.md)",
    ),
  failing: z
    .object({ reason: z.string(), since: timestamp })
    .nullable()
    .describe(
      "The receiver refused for good (404, 401, 403...): deliveries are not retried; cleared by the next success",
    ),
  secret: z
    .string()
    .optional()
    .describe(
      "webhook: the signing secret, masked (****f3Qa); in full only once, in the answer of the create or PATCH that generated it",
    ),
  created_at: timestamp,
  updated_at: timestamp,
});

export const listIntegrationsInput = z.object({ ...paginationInput, kind: kind.optional() });

export const delivery = z.object({
  id: z.number().int(),
  integration_id: z.number().int(),
  event: z
    .enum([
      "incident.opened",
      "incident.resolved",
      "incident.reminder",
      "incident.acknowledged",
      "run.drifted",
      "maintenance.started",
      "maintenance.ended",
      "test",
      "confirmation",
    ])
    .describe("confirmation: the mail asking an email integration's recipient to confirm the address"),
  event_id: z
    .number()
    .int()
    .nullable()
    .describe("The notified event (also sent as X-Lifeline-Event-Id); null for tests"),
  attempt: z.number().int().describe("1 to 3"),
  status: z.enum(["success", "failed"]),
  response_status: z.number().int().nullable().describe("HTTP status of the receiver (webhook, slack)"),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  created_at: timestamp,
});

export const listDeliveriesInput = z.object({ id: idParam, ...paginationInput });

/** The answer of `POST /integrations/{id}/test`: the attempt, and what the receiver answered. */
export const testDelivery = delivery.extend({
  answer: z
    .string()
    .nullable()
    .describe("The start of the receiver's answer body (at most 500 characters); null for email"),
});
