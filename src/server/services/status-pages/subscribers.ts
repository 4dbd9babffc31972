import crypto from "node:crypto";
import { env } from "../../../env";
import { AppError, notFound } from "../../../shared/errors";
import type { StatusPageSubscriberView } from "../../../shared/schemas/status-pages";
import { isoSeconds } from "../../../shared/time";
import { hashToken, randomToken } from "../../auth/tokens";
import { db } from "../../db";
import { consume, refund, type Limit } from "../../limits/counter";
import { subscribeLimits, subscribeMailLimit } from "../../limits/rules";
import { subscriptionConfirmationMail } from "../../notify/subscriber-mail";
import { sendMessage } from "../../notify/senders";
import { logLine } from "../../observability/log";
import { isUniqueViolation } from "../../transactions";
import type { PageGate } from "./public";
import { statusPageUrl, subscriptionConfirmLink, unsubscribeMac } from "../../notify/links";
import type { PageScope } from "./pages";

/**
 * Subscribers of a status page (docs/api-status-pages.md "Subscribers"): double opt-in by email.
 * A subscription mails one confirmation link (256 random bits, only its SHA-256 digest stored); the
 * incidents of the page's components are mailed (notify/subscribers.ts) only once it is followed.
 * Every mail's unsubscribe link is `<id>.<HMAC under APP_SECRET of the id and the row's salt>`,
 * compared in constant time; unsubscribing deletes the row, so nothing more is sent at once.
 */

/** How long a confirmation link works. */
export const SUBSCRIPTION_CONFIRM_TTL_MS = 7 * 24 * 3600_000;

/** Pages that take subscribers: public ones, and password ones behind their password (checked by the caller). */
export const takesSubscribers = (visibility: string) => visibility === "public" || visibility === "password";

/**
 * What a subscription request led to: `pending` (a confirmation link is on its way, or nothing was
 * needed), or `deferred`: the page has sent its most confirmation mails for the hour, so none was
 * sent; the address is kept, and subscribing again after `retryAfterSeconds` mails the link.
 */
export type SubscribeOutcome = { status: "pending" } | { status: "deferred"; retryAfterSeconds: number };

/**
 * Subscribes `email` (already validated, trimmed and lowercased) to the page, counted per client
 * address and email first (429 past either), then against the page's ceiling on confirmation mails,
 * before anything is looked up. A new or unconfirmed subscription gets a fresh link (an older one
 * stops working); a confirmed one is left as it is and mailed nothing. Past the page's ceiling a new
 * address is stored without a link and nothing is mailed. `notifyMaintenance`: the subscriber's choice
 * of maintenance mails, kept until confirmation. The answer never depends on the address,
 * so it never tells whether an address is subscribed.
 */
export async function subscribe(
  page: PageGate,
  email: string,
  address: string | null,
  now = new Date(),
  notifyMaintenance = true,
): Promise<SubscribeOutcome> {
  if (!takesSubscribers(page.visibility)) throw notFound("Status page");
  await consume(subscribeLimits(address, email), now);
  const mails = subscribeMailLimit(page.id);
  const deferred = await ceilingReached(mails, now);
  const outcome: SubscribeOutcome =
    deferred === null ? { status: "pending" } : { status: "deferred", retryAfterSeconds: deferred };
  const existing = await db().statusPageSubscriber.findUnique({
    where: { pageId_email: { pageId: page.id, email } },
    select: { confirmedAt: true },
  });
  if (existing?.confirmedAt || (existing && deferred !== null)) {
    if (deferred === null) await refund([mails.key]); // nothing mailed
    return outcome;
  }
  if (deferred !== null) {
    // Kept without a link (nothing can confirm it): subscribing again once the page may mail sends one.
    await db()
      .statusPageSubscriber.create({
        data: { pageId: page.id, email, unsubscribeSalt: randomToken(16), createdAt: now, notifyMaintenance },
      })
      .catch((err: unknown) => {
        if (!isUniqueViolation(err)) throw err;
      });
    return outcome;
  }
  const token = randomToken(32);
  const fields = { confirmTokenHash: hashToken(token), confirmSentAt: now, notifyMaintenance };
  try {
    await db().statusPageSubscriber.upsert({
      where: { pageId_email: { pageId: page.id, email } },
      create: { pageId: page.id, email, unsubscribeSalt: randomToken(16), createdAt: now, ...fields },
      update: fields,
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await refund([mails.key]);
    return outcome; // a simultaneous request for the same address created it and mails its own link
  }
  const config = env();
  const mail = subscriptionConfirmationMail(statusPageUrl(page.slug), subscriptionConfirmLink(page.slug, token));
  const result = await sendMessage(email, mail, { smtpUrl: config.smtpUrl, smtpFrom: config.smtpFrom });
  if (!result.ok)
    logLine({ level: "warn", event: "subscriber.confirmation_failed", page: page.id, error: result.error });
  return outcome;
}

/** Counts one mail against the page's ceiling: null when it may go, else the seconds until the ceiling's window ends. */
async function ceilingReached(ceiling: Limit, now: Date): Promise<number | null> {
  try {
    await consume([ceiling], now);
    return null;
  } catch (err) {
    if (err instanceof AppError && err.code === "RATE_LIMITED") return err.retryAfterSeconds ?? 3600;
    throw err;
  }
}

export type SubscriptionOutcome = "confirmed" | "expired" | "unknown";

/** Follows a confirmation link: `confirmed` (the link is used up), `expired` (after 7 days), or `unknown`. */
export async function confirmSubscription(slug: string, token: string, now = new Date()): Promise<SubscriptionOutcome> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return "unknown";
  const digest = hashToken(token);
  const row = await db().statusPageSubscriber.findUnique({
    where: { confirmTokenHash: digest },
    select: { id: true, confirmSentAt: true, page: { select: { slug: true, visibility: true } } },
  });
  if (!row || row.page.slug !== slug || !takesSubscribers(row.page.visibility)) return "unknown";
  if (!row.confirmSentAt || now.getTime() - row.confirmSentAt.getTime() > SUBSCRIPTION_CONFIRM_TTL_MS) return "expired";
  // Conditional on the digest: of two clicks at once, one confirms and the other finds the link used.
  const { count } = await db().statusPageSubscriber.updateMany({
    where: { id: row.id, confirmTokenHash: digest },
    data: { confirmedAt: now, confirmTokenHash: null, confirmSentAt: null },
  });
  return count === 1 ? "confirmed" : "unknown";
}

/** Follows an unsubscribe link: true when it named a subscription of this page, which is now gone. */
export async function unsubscribe(slug: string, token: string): Promise<boolean> {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const id = Number(match[1]);
  if (id > 2147483647) return false;
  const row = await db().statusPageSubscriber.findUnique({
    where: { id },
    select: { id: true, unsubscribeSalt: true, page: { select: { slug: true } } },
  });
  if (!row || row.page.slug !== slug) return false;
  const want = Buffer.from(unsubscribeMac(row.id, row.unsubscribeSalt));
  const got = Buffer.from(match[2]!);
  if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return false;
  await db().statusPageSubscriber.deleteMany({ where: { id: row.id } });
  return true;
}

async function pageOf(scope: PageScope, pageId: number): Promise<void> {
  const page = await db().statusPage.findFirst({ where: { id: pageId, orgId: scope.orgId }, select: { id: true } });
  if (!page) throw notFound("Status page");
}

/** The page's subscribers, oldest first (members of the page's organization only). */
export async function listSubscribers(scope: PageScope, pageId: number): Promise<StatusPageSubscriberView[]> {
  await pageOf(scope, pageId);
  const rows = await db().statusPageSubscriber.findMany({ where: { pageId }, orderBy: { id: "asc" } });
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    status: r.confirmedAt ? ("confirmed" as const) : ("pending" as const),
    date_created: isoSeconds(r.createdAt),
    confirmed_at: r.confirmedAt ? isoSeconds(r.confirmedAt) : null,
  }));
}

/** Removes one subscriber of the page: nothing more is mailed to it (a mail under way still leaves). */
export async function removeSubscriber(scope: PageScope, pageId: number, subscriberId: number): Promise<void> {
  await pageOf(scope, pageId);
  const { count } = await db().statusPageSubscriber.deleteMany({ where: { id: subscriberId, pageId } });
  if (count === 0) throw new AppError("NOT_FOUND", "Subscriber not found");
}
