import type { AnyKind } from "../../shared/notification-kinds";
import type { OutboxStore } from "../storage/outbox-store";

/**
 * An integration whose receiver refused for good (a SendResult's `permanent`) is marked failing with
 * the reason; the next successful delivery (or test) clears the mark (storage/outbox-store.ts writes it).
 */
export async function noteOutcome(
  store: Pick<OutboxStore, "markFailing" | "clearFailing">,
  target: { id: number; failing_reason?: string | null },
  result: { ok: boolean; permanent?: string | null },
  now: Date,
): Promise<void> {
  if (result.ok && target.failing_reason) await store.clearFailing(target.id);
  else if (!result.ok && result.permanent) await store.markFailing(target.id, result.permanent, now);
}

/**
 * Whether a receiver's answer is a permanent refusal, and why: the kind's own rule
 * (src/shared/notification-kinds/<kind>.ts, e.g. Telegram's "bot was blocked"), else the common
 * one: the receiver is gone or the credential is not accepted (401, 403, 404, 410).
 */
export function permanentRefusal(kind: Pick<AnyKind, "permanentRefusal">, status: number, body: string): string | null {
  const own = kind.permanentRefusal?.(status, body);
  if (own) return `HTTP ${status}: ${own}`;
  if (status === 401 || status === 403 || status === 404 || status === 410) return `HTTP ${status}`;
  return null;
}
