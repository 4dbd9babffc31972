import type { SendResult } from "../../notify/senders";

/**
 * The delivery row of a message sent at once from the web process, outside the outbox (a test
 * message, a confirmation mail): one attempt, recorded like any delivery so the log shows it.
 */
export function directDelivery(integrationId: number, event: "test" | "confirmation", result: SendResult) {
  return {
    integrationId,
    outboxId: null,
    event,
    attempt: 1,
    status: result.ok ? "success" : "failed",
    responseStatus: result.responseStatus,
    error: result.error,
    durationMs: result.durationMs,
    createdAt: new Date(),
  };
}
