import { env } from "../../../env";
import { hashToken, randomToken } from "../../auth/tokens";
import { db } from "../../db";
import { sendConfirmationMail } from "../../notify/senders";
import { directDelivery } from "./direct-delivery";

/**
 * Confirmation of an email integration's address (the recipient's consent): a first mail carries a
 * link with an unguessable token (256 random bits); only its SHA-256 digest is stored. Following the
 * link confirms the address; until then nothing but that mail is sent to it.
 */

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 3600_000;

/** The public page that confirms: `APP_URL/confirm-email/<token>`. */
export function confirmationLink(appUrl: string, token: string): string {
  return `${appUrl}/confirm-email/${token}`;
}

/**
 * Marks the integration unconfirmed with a fresh link (any earlier link stops working), then mails
 * the link. The send is recorded as a delivery (`event: "confirmation"`) so a failure is visible.
 */
export async function requestConfirmation(integrationId: number, email: string, now = new Date()): Promise<void> {
  const token = randomToken(32);
  await db().integration.update({
    where: { id: integrationId },
    data: { confirmedAt: null, confirmTokenHash: hashToken(token), confirmSentAt: now },
  });
  const config = env();
  const result = await sendConfirmationMail(email, confirmationLink(config.appUrl, token), {
    smtpUrl: config.smtpUrl,
    smtpFrom: config.smtpFrom,
  });
  await db().delivery.create({ data: directDelivery(integrationId, "confirmation", result) });
}

export type ConfirmationOutcome = "confirmed" | "expired" | "unknown";

/**
 * Follows a confirmation link: `confirmed` (the address now receives notifications; the link is
 * used up), `expired` (older than 7 days: change or re-save the address for a new one), or `unknown`
 * (never issued, already used, or replaced by a newer link).
 */
export async function confirmAddress(token: string, now = new Date()): Promise<ConfirmationOutcome> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return "unknown";
  const digest = hashToken(token);
  const row = await db().integration.findUnique({
    where: { confirmTokenHash: digest },
    select: { id: true, confirmSentAt: true },
  });
  if (!row) return "unknown";
  if (!row.confirmSentAt || now.getTime() - row.confirmSentAt.getTime() > CONFIRMATION_TTL_MS) return "expired";
  // Conditional on the digest: of two clicks at once, one confirms and the other finds the link used.
  const { count } = await db().integration.updateMany({
    where: { id: row.id, confirmTokenHash: digest },
    data: { confirmedAt: now, confirmTokenHash: null, confirmSentAt: null },
  });
  return count === 1 ? "confirmed" : "unknown";
}
