import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { emailSubject, emailText, slackMessage } from "./format";
import type { Payload } from "./payload";
import { signBody } from "./signature";
import { guardedRequest, OutboundRefusedError } from "../outbound";

/** An integration as the senders need it. */
export type Target = {
  id: number;
  kind: string; // webhook | slack | email
  url: string | null;
  email: string | null;
  secret: string | null;
};

export type SendResult = { ok: boolean; responseStatus: number | null; error: string | null; durationMs: number };

export type SendOptions = { smtpUrl: string | null; smtpFrom: string; timeoutMs?: number };

const TIMEOUT_MS = 10_000;

/**
 * One delivery attempt to one integration. Never throws; the error text never carries a URL or a
 * credential (webhook and Slack URLs and SMTP_URL may hold secrets).
 */
export async function send(target: Target, payload: Payload, opts: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, "durationMs">): SendResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  try {
    if (target.kind === "webhook") {
      const body = JSON.stringify(payload);
      return done(await postJson(target.url!, body, webhookHeaders(target, payload, body), opts));
    }
    if (target.kind === "slack") return done(await postJson(target.url!, JSON.stringify(slackMessage(payload)), {}, opts));
    if (target.kind === "email") return done(await sendEmail(target.email!, payload, opts));
    return done({ ok: false, responseStatus: null, error: `unknown integration kind ${target.kind}` });
  } catch (err) {
    return done({ ok: false, responseStatus: null, error: describeError(err) });
  }
}

function webhookHeaders(target: Target, payload: Payload, body: string): Record<string, string> {
  return {
    "X-Lifeline-Event": payload.event,
    ...(payload.event_id !== null ? { "X-Lifeline-Event-Id": String(payload.event_id) } : {}),
    ...(target.secret ? { "X-Signature": signBody(body, target.secret) } : {}),
  };
}

/** POST through the outbound guard: checked address, no redirects, time limit, capped body read. */
async function postJson(url: string, body: string, headers: Record<string, string>, opts: SendOptions) {
  const res = await guardedRequest(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "Lifeline-Notifications/1", ...headers },
    body,
    timeoutMs: opts.timeoutMs ?? TIMEOUT_MS,
    maxBodyBytes: 4096,
  });
  const ok = res.status >= 200 && res.status < 300;
  return { ok, responseStatus: res.status, error: ok ? null : `HTTP ${res.status}` };
}

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string, timeoutMs: number): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    const url = new URL(smtpUrl);
    t = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
      secure: url.protocol === "smtps:",
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs * 2,
    });
    transports.set(smtpUrl, t);
  }
  return t;
}

async function sendEmail(to: string, payload: Payload, opts: SendOptions) {
  if (!opts.smtpUrl) return { ok: false, responseStatus: null, error: "SMTP_URL is not configured" };
  const info = await transportFor(opts.smtpUrl, opts.timeoutMs ?? TIMEOUT_MS).sendMail({
    from: opts.smtpFrom,
    to,
    subject: emailSubject(payload),
    text: emailText(payload),
  });
  const accepted = info.accepted.length > 0;
  return { ok: accepted, responseStatus: null, error: accepted ? null : `rejected by the SMTP server: ${String(info.response).slice(0, 200)}` };
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
