import crypto from "node:crypto";
import { env } from "../../env";

/** A status page's public address and the links of its subscribers' mails (nothing here reads the database). */
export function statusPageUrl(slug: string): string {
  return `${env().appUrl}/status/${slug}`;
}

export const subscriptionConfirmLink = (slug: string, token: string) =>
  `${statusPageUrl(slug)}/subscriptions/confirm/${token}`;
export const unsubscribeLink = (slug: string, token: string) =>
  `${statusPageUrl(slug)}/subscriptions/unsubscribe/${token}`;

/** The MAC of a subscriber's unsubscribe link: HMAC-SHA256 under APP_SECRET over the row's id and its random salt. */
export function unsubscribeMac(id: number, salt: string): string {
  return crypto.createHmac("sha256", env().appSecret).update(`status-unsubscribe:${id}:${salt}`).digest("base64url");
}

/** The token of a subscriber's unsubscribe link (the same in every mail): `<id>.<mac>`. */
export const unsubscribeToken = (s: { id: number; unsubscribeSalt: string }) =>
  `${s.id}.${unsubscribeMac(s.id, s.unsubscribeSalt)}`;
