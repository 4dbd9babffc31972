import crypto from "node:crypto";
import { AppError } from "../../shared/errors";
import { subscribeInput } from "../../shared/schemas/status-pages";
import { errorResponse, zodToAppError } from "../api/http/errors";
import { clientAddress } from "../auth/client-address";
import type { PageGate } from "../services/status-pages/public";
import {
  confirmSubscription,
  subscribe,
  takesSubscribers,
  type SubscribeOutcome,
  unsubscribe,
  type SubscriptionOutcome,
} from "../services/status-pages/subscribers";
import { accessOf, isRateLimited } from "./gate";
import { renderMessage, renderPasswordForm, subscribeForm } from "./render-html";
import { escapeMarkup } from "../domain/escape";

/**
 * The public subscription routes of a status page (docs/api-status-pages.md "Subscribers"):
 * `POST /status/{slug}/subscribe` from the page's form (HTML answers) or as JSON (the contract's
 * bodies), the confirmation link and the one-click unsubscribe link.
 */
const HTML = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
};
const CHECK_MAIL =
  "If the address can receive mail, a confirmation link is on its way. Follow it to start receiving this page's incidents.";

/** Past the page's ceiling on confirmation mails: what happened, and when to come back. */
function deferredText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `This status page has sent as many confirmation mails as it may for now, so none was sent to you. Your address is kept: subscribe again in ${minutes} minute${minutes === 1 ? "" : "s"} to receive the confirmation link.`;
}

const html = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { ...HTML, ...extra } });
const back = (pagePath: string) => `<p><a href="${escapeMarkup(pagePath)}">Back to the status page</a></p>`;

/** Whether the request is the JSON way (`Content-Type: application/json`); otherwise the HTML form. */
const wantsJson = (req: Request) => (req.headers.get("content-type") ?? "").toLowerCase().includes("application/json");

async function readEmail(req: Request, json: boolean): Promise<unknown> {
  try {
    if (json) return JSON.parse(await req.text()) as unknown;
    const form = await req.formData();
    const value = form.get("email");
    // The form posts a hidden "0" before its checkbox's "1": no field at all keeps the default (true).
    const choice = form.getAll("maintenance");
    return {
      email: typeof value === "string" ? value : "",
      ...(choice.length ? { maintenance: choice.includes("1") } : {}),
    };
  } catch {
    return json ? undefined : { email: "" };
  }
}

/**
 * `page`: null for an unknown slug. Members pages take no subscribers: they answer exactly as an
 * unknown slug (the same status, headers and body, apart from the request id), for everybody.
 */
export async function serveSubscribe(page: PageGate | null, req: Request): Promise<Response> {
  const json = wantsJson(req);
  const path = new URL(req.url).pathname;
  const fail = (error: AppError) => errorResponse(error, { requestId: crypto.randomUUID(), path, format: "standard" });
  const access = page && takesSubscribers(page.visibility) ? await accessOf(page, req.headers) : "hidden";
  if (!page || access === "hidden") {
    return json
      ? fail(new AppError("NOT_FOUND", "Status page not found"))
      : html(renderMessage("Not found", "There is no status page here."), 404);
  }
  const pagePath = `/status/${page.slug}`;
  if (access === "password_needed") {
    return json
      ? fail(new AppError("UNAUTHORIZED", "This status page needs its password"))
      : html(renderPasswordForm(pagePath, false), 401);
  }
  const parsed = subscribeInput.safeParse(await readEmail(req, json));
  if (!parsed.success) {
    const error = zodToAppError(parsed.error);
    if (json) return fail(error);
    return html(
      renderMessage(
        "Check the address",
        "That is not an email address we can send to.",
        subscribeForm(`${pagePath}/subscribe`) + back(pagePath),
      ),
      400,
    );
  }
  let outcome: SubscribeOutcome;
  try {
    outcome = await subscribe(
      page,
      parsed.data.email,
      clientAddress(req.headers),
      new Date(),
      parsed.data.maintenance ?? true,
    );
  } catch (err) {
    if (!isRateLimited(err)) throw err;
    const retry = { "Retry-After": String(err.retryAfterSeconds ?? 60) };
    return json ? fail(err) : html(renderMessage("Too many subscriptions", err.message, back(pagePath)), 429, retry);
  }
  if (outcome.status === "deferred") {
    const message = deferredText(outcome.retryAfterSeconds);
    const retry = { "Retry-After": String(outcome.retryAfterSeconds) };
    if (json) {
      return Response.json(
        { data: { status: "deferred", message, retry_after_seconds: outcome.retryAfterSeconds } },
        { status: 202, headers: { "Cache-Control": "no-store", ...retry } },
      );
    }
    return html(renderMessage("No mail sent yet", message, back(pagePath)), 200, retry);
  }
  if (json) {
    return Response.json(
      { data: { status: "pending", message: CHECK_MAIL } },
      { status: 202, headers: { "Cache-Control": "no-store" } },
    );
  }
  return html(renderMessage("Check your mail", CHECK_MAIL, back(pagePath)), 200);
}

const CONFIRM_PAGES: Record<SubscriptionOutcome, { status: number; title: string; text: string }> = {
  confirmed: {
    status: 200,
    title: "Subscription confirmed",
    text: "You will receive this page's incidents, their updates and resolutions by mail. Every mail has a one-click unsubscribe link.",
  },
  expired: {
    status: 410,
    title: "This link has expired",
    text: "Confirmation links work for 7 days. Subscribe again on the status page for a new one.",
  },
  unknown: {
    status: 404,
    title: "This link is not valid",
    text: "It may have been used already, or replaced by a newer link. Nothing was changed.",
  },
};

export async function serveConfirm(slug: string, token: string): Promise<Response> {
  const page = CONFIRM_PAGES[await confirmSubscription(slug, token)];
  return html(renderMessage(page.title, page.text, back(`/status/${slug}`)), page.status);
}

/**
 * The unsubscribe link. GET answers a page with one button (mail scanners that open links must not
 * unsubscribe anyone); POST unsubscribes, from that button or from a mail client's one-click
 * `List-Unsubscribe-Post` (RFC 8058), at once.
 */
export function serveUnsubscribeForm(slug: string, token: string): Response {
  const action = `/status/${slug}/subscriptions/unsubscribe/${token}`;
  const form = `<form method="post" action="${escapeMarkup(action)}"><button type="submit">Unsubscribe</button></form>`;
  return html(renderMessage("Unsubscribe", "Stop receiving this status page's incidents by mail.", form), 200);
}

export async function serveUnsubscribe(slug: string, token: string): Promise<Response> {
  if (await unsubscribe(slug, token)) {
    return html(
      renderMessage(
        "Unsubscribed",
        "This address receives nothing more from this status page.",
        back(`/status/${slug}`),
      ),
      200,
    );
  }
  return html(
    renderMessage("This link is not valid", "The subscription may have ended already. Nothing was changed."),
    404,
  );
}
