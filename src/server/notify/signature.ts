import crypto from "node:crypto";

/** `X-Signature: sha256=<hex HMAC-SHA256 of the exact body with the integration secret>` (decisions 7). */
export function signBody(body: string, secret: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** For receivers (and tests): constant-time check of a signature header against the body. */
export function verifySignature(body: string, secret: string, header: string | null | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(body, secret));
  const given = Buffer.from(header);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** A fresh webhook signing secret: 256 random bits, url-safe. */
export function newWebhookSecret(): string {
  return "whsec_" + crypto.randomBytes(32).toString("base64url");
}
