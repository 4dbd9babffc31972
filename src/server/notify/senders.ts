import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { confirmationMail } from "../../shared/notifications/format";
import { messageOf } from "../../shared/notifications/message";
import type { Payload } from "../../shared/notifications/payload";
import { COLUMNS, confirmsRecipient, isIntegrationKind, kindOf, type AnyKind } from "../../shared/notification-kinds";
import type { HttpRequest } from "../../shared/notification-kinds/kind";
import { signBody } from "./signature";
import { permanentRefusal } from "./failing";
import { guardedRequest, OutboundRefusedError } from "../outbound";

/** An integration as the senders need it. */
export type Target = {
  id: number;
  kind: string; // src/shared/notification-kinds/
  url: string | null;
  email: string | null;
  secret: string | null;
  /** email: when the recipient confirmed the address (null: not yet). */
  confirmed_at: string | Date | null;
  /** The kind's settings as stored (JSON text). */
  config: string;
  /** Why the receiver last refused for good (null: not failing). */
  failing_reason?: string | null;
  /** The events it receives (JSON array), for routing. */
  events?: string;
};

/** The error recorded for an email integration whose recipient has not confirmed the address. */
export const UNCONFIRMED_ERROR = "not sent: the recipient has not confirmed the address yet";

/** An email integration (a kind that confirmsRecipient) sends nothing but its confirmation mail until its recipient confirms. */
export function awaitsConfirmation(target: Pick<Target, "kind" | "confirmed_at">): boolean {
  return confirmsRecipient(target.kind) && !target.confirmed_at;
}

export type SendResult = {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  /** Set when the receiver refused for good (401, 403, 404...): no retry; the integration is marked failing. */
  permanent?: string | null;
  /** The start of the receiver's answer (shown by "Send test"). */
  answer?: string | null;
};

export type SendOptions = { smtpUrl: string | null; smtpFrom: string; timeoutMs?: number };

const TIMEOUT_MS = 10_000;

/**
 * One delivery attempt to one integration. Never throws; the error text never carries a URL or a
 * credential (webhook and Slack URLs and SMTP_URL may hold secrets).
 */
export async function send(target: Target, payload: Payload, opts: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, "durationMs">): SendResult => ({
    ...r,
    durationMs: Math.round(performance.now() - started),
  });
  if (awaitsConfirmation(target)) return done({ ok: false, responseStatus: null, error: UNCONFIRMED_ERROR });
  try {
    if (!isIntegrationKind(target.kind))
      return done({ ok: false, responseStatus: null, error: `unknown integration kind ${target.kind}` });
    const kind = kindOf(target.kind);
    const settings = settingsOf(kind, target);
    const message = messageOf(payload);
    if (kind.via === "smtp") {
      const mail = kind.mail(message, settings);
      return done(await sendMail(mail.to, mail.subject, mail.text, opts));
    }
    return done(
      await request(kind, kind.render(message, settings, { integrationId: target.id, payload, sign: signBody }), opts),
    );
  } catch (err) {
    return done({ ok: false, responseStatus: null, error: describeError(err) });
  }
}

/** The kind's settings as stored: its `config`, and the columns it keeps top-level (webhook, slack, email). */
function settingsOf(kind: AnyKind, target: Target): Record<string, unknown> {
  const settings = parseConfig(target.config);
  for (const column of COLUMNS)
    if (kind.columns?.[column] && target[column] !== null) settings[column] = target[column];
  return settings;
}

function parseConfig(text: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || "{}");
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One request through the outbound guard: checked address, no redirects, time limit, capped body read. */
async function request(kind: AnyKind, r: HttpRequest, opts: SendOptions) {
  const res = await guardedRequest(r.url, {
    method: r.method,
    headers: { "User-Agent": "Lifeline-Notifications/1", ...r.headers },
    body: r.body,
    timeoutMs: opts.timeoutMs ?? TIMEOUT_MS,
    maxBodyBytes: 4096,
  });
  const ok = res.status >= 200 && res.status < 300;
  const answer = res.body.toString("utf8").slice(0, 500);
  const permanent = ok ? null : permanentRefusal(kind, res.status, answer);
  return { ok, responseStatus: res.status, error: ok ? null : (permanent ?? `HTTP ${res.status}`), permanent, answer };
}

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string, timeoutMs: number): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    // nodemailer parses smtp:// and smtps:// URLs itself (host, port, TLS, percent-encoded credentials).
    t = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs * 2,
    });
    transports.set(smtpUrl, t);
  }
  return t;
}

/**
 * The confirmation mail of an email integration: the one mail sent to an address before its
 * recipient confirms it. Never throws; the error text carries no credential.
 */
export function sendConfirmationMail(to: string, link: string, opts: SendOptions): Promise<SendResult> {
  const { subject, text } = confirmationMail(link);
  return sendMessage(to, { subject, text }, opts);
}

/**
 * One mail of fixed parts (status page subscribers: text, an HTML part, List-Unsubscribe headers).
 * Never throws; the error text carries no credential.
 */
export async function sendMessage(to: string, message: MailParts, opts: SendOptions): Promise<SendResult> {
  const started = performance.now();
  let r: Omit<SendResult, "durationMs">;
  try {
    r = await sendMail(to, message.subject, message.text, opts, { html: message.html, headers: message.headers });
  } catch (err) {
    r = { ok: false, responseStatus: null, error: describeError(err) };
  }
  return { ...r, durationMs: Math.round(performance.now() - started) };
}

export type MailParts = { subject: string; text: string; html?: string; headers?: Record<string, string> };

async function sendMail(
  to: string,
  subject: string,
  text: string,
  opts: SendOptions,
  extra: Pick<MailParts, "html" | "headers"> = {},
) {
  if (!opts.smtpUrl) return { ok: false, responseStatus: null, error: "SMTP_URL is not configured" };
  const info = await transportFor(opts.smtpUrl, opts.timeoutMs ?? TIMEOUT_MS).sendMail({
    from: opts.smtpFrom,
    to,
    subject,
    text,
    ...extra,
  });
  const accepted = info.accepted.length > 0;
  return {
    ok: accepted,
    responseStatus: null,
    error: accepted ? null : `rejected by the SMTP server: ${String(info.response).slice(0, 200)}`,
  };
}

/** A short reason for a failed attempt, free of URLs and credentials. */
function describeError(err: unknown): string {
  if (!(err instanceof Error)) return "delivery failed";
  if (err instanceof OutboundRefusedError) return err.message;
  if (err.name === "TimeoutError" || err.name === "AbortError") return "timed out";
  const smtp = err as Error & { code?: string; responseCode?: number };
  if (err.message === "fetch failed") return `connection failed${causeCode(err) ? `: ${causeCode(err)}` : ""}`;
  if (smtp.responseCode) return `SMTP error ${smtp.responseCode}${smtp.code ? ` (${smtp.code})` : ""}`;
  if (smtp.code) return `connection failed: ${smtp.code}`;
  return err.message.replace(/\w+:\/\/\S+/g, "<url>").slice(0, 300);
}

/** The system error code (ECONNREFUSED, ENOTFOUND...) somewhere in a fetch error's causes. */
function causeCode(err: unknown, depth = 0): string | null {
  if (!err || typeof err !== "object" || depth > 4) return null;
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown[] };
  if (typeof e.code === "string" && /^E[A-Z]+$/.test(e.code)) return e.code;
  for (const inner of [e.cause, ...(Array.isArray(e.errors) ? e.errors : [])]) {
    const code = causeCode(inner, depth + 1);
    if (code) return code;
  }
  return null;
}
