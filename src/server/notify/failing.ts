import type { AnyKind } from "../../shared/notification-kinds";
import type { SqlRunner } from "../storage/runner";

/**
 * An integration whose receiver refused for good (a SendResult's `permanent`) is marked failing with
 * the reason; the next successful delivery (or test) clears the mark. The same SQL on both engines.
 */
export const FAILING_SQL = {
  /** Params: reason, now, id. Keeps the first refusal's time while it keeps failing. */
  mark: `UPDATE integrations SET failing_reason = ?, failing_since = COALESCE(failing_since, ?) WHERE id = ?`,
  /** Params: id. */
  clear: `UPDATE integrations SET failing_reason = NULL, failing_since = NULL WHERE id = ? AND failing_reason IS NOT NULL`,
};

/** Records the outcome of an attempt on the integration's failing mark. */
export async function noteOutcome(
  sql: SqlRunner,
  target: { id: number; failing_reason?: string | null },
  result: { ok: boolean; permanent?: string | null },
  now: Date,
): Promise<void> {
  if (result.ok && target.failing_reason) await sql.run(FAILING_SQL.clear, [target.id]);
  else if (!result.ok && result.permanent) await sql.run(FAILING_SQL.mark, [result.permanent, now, target.id]);
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
