import type { z } from "zod";
import type { Message } from "../notifications/message";
import type { Payload } from "../notifications/payload";

/**
 * What a notification kind is: everything specific to it, in its own file of this folder, registered
 * in index.ts. Validation of `POST/PATCH /integrations`, masking, the dashboard's form, the OpenAPI
 * union, the outbox's sender and the failing rule all read the kinds from that list. Pure: no module
 * here reaches the server (the dashboard imports it too).
 */
export type NotificationKind<K extends string = string, S extends z.ZodObject = z.ZodObject> = {
  /** The `kind` of the API. */
  kind: K;
  /** Its name in the dashboard. */
  label: string;
  /** Its `config` (zod; errors keyed `config.<field>`; the OpenAPI document shows it as is). */
  config: S;
  /** Its credentials: write-only, every answer shows them masked by the one rule of integration-secrets.ts. */
  secrets: readonly (keyof S["shape"] & string)[];
  /** Its form in the dashboard: one input per `config` field, with help and where to get the URL or key. */
  form: KindForm;
  /**
   * webhook, slack and email only (they existed before `config`): the settings kept as top-level
   * columns, also accepted in `config`. `required`: needed on create; `generated`: Lifeline
   * generates it when omitted and `rotate_secret` replaces it.
   */
  columns?: { url?: "required"; email?: "required"; secret?: "generated" };
  /** Nothing but a confirmation mail goes to its `email` until the recipient confirms it. */
  confirmsRecipient?: true;
  /**
   * Which answers are permanent refusals beyond the common ones (401, 403, 404, 410): the reason, or
   * null. A permanent refusal is not retried and marks the integration failing.
   */
  permanentRefusal?(status: number, body: string): string | null;
} & (
  | {
      /** Sent as one HTTP request through the outbound guard. */
      via: "http";
      /** The message (and config) as that request. Pure. */
      render(m: Message, config: z.output<S>, ctx: RenderContext): HttpRequest;
    }
  | {
      /** Sent as one mail through SMTP_URL (nodemailer), not HTTP: email. */
      via: "smtp";
      mail(m: Message, config: z.output<S>): Mail;
    }
);

/** One HTTP request a kind sends for one message. */
export type HttpRequest = { method: "POST" | "PUT"; url: string; headers: Record<string, string>; body: string };

/** One mail a kind sends for one message. */
export type Mail = { to: string; subject: string; text: string };

/**
 * What a renderer may need besides the message: the integration (for idempotency keys), the raw
 * payload (the webhook sends it as is) and the signature of a body (HMAC, done by the server).
 */
export type RenderContext = { integrationId: number; payload: Payload; sign(body: string, key: string): string };

/** One settings field of a kind's form (a field of its `config`). */
export type KindField = {
  name: string;
  label: string;
  /** "url": an http URL, whose host the outbound guard checks when saved. */
  input: "url" | "text" | "email" | "number" | "select" | "textarea";
  required?: boolean;
  /** A column (webhook, slack and email): travels top-level (`url`, `email`, `secret`), not in `config`. */
  top?: boolean;
  help?: string;
  placeholder?: string;
  options?: readonly { value: string; label: string }[];
  min?: number;
  max?: number;
};

export type KindForm = {
  fields: readonly KindField[];
  /** The service's own page that tells where to get the URL or key. */
  docs?: { href: string; text: string };
  /** The config fields the integration's row shows (credentials show masked). */
  summary?: readonly string[];
};

/** A kind, typed by its name and config schema (each kind file's export). */
export const defineKind = <const K extends string, S extends z.ZodObject>(kind: NotificationKind<K, S>) => kind;
