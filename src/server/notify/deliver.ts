import { operatorMetrics } from "../observability/operator-metrics";
import crypto from "node:crypto";
import { outboxStore } from "../storage/outbox-store";
import type { SqlRunner } from "../storage/runner";
import { CLAIM_LEASE_MS, outboxReader, type OutboxRow } from "./outbox";
import type { Payload } from "../../shared/notifications/payload";
import { noteOutcome } from "./failing";
import { createSubscriberDelivery, isSubscriberEvent } from "./subscribers";
import { awaitsConfirmation, send, UNCONFIRMED_ERROR, type SendOptions, type SendResult, type Target } from "./senders";

/** Attempts per event and integration (decisions 7). */
export const MAX_ATTEMPTS = 3;

/** The waits before attempts 2 and 3: the base, then four times the base. */
export function backoffDelays(baseMs: number): number[] {
  return [baseMs, baseMs * 4];
}

export type DeliveryOptions = SendOptions & {
  appUrl: string;
  backoffMs: number;
  /** Events handled at the same time by one process. */
  concurrency?: number;
  log?: (line: object) => void;
};

export type DeliveryCounts = { events: number; sent: number; failed: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Delivery of the outbox: each pending event is claimed with a compare-and-swap on its claim
 * columns, so with any number of sweepers exactly one of them sends it; then it goes to every
 * target integration with up to 3 attempts (backoff between them), each attempt recorded in
 * `deliveries`, and the row is marked processed. An event whose claimant crashed is taken over
 * after the lease; integrations it already reached are skipped.
 */
export function createDelivery(sql: SqlRunner, opts: DeliveryOptions) {
  const outbox = outboxReader(sql);
  const store = outboxStore(sql);
  const worker = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  const log = opts.log ?? (() => {});
  const subscribers = createSubscriberDelivery(sql, opts);

  async function claim(id: number): Promise<OutboxRow | null> {
    const now = new Date();
    const expired = new Date(now.getTime() - CLAIM_LEASE_MS);
    if (!(await store.claim(id, worker, now, expired))) return null; // another worker has it
    return (await store.row(id)) ?? null;
  }

  /** Records one attempt; false when the integration no longer exists. */
  async function record(row: OutboxRow, target: Target, attempt: number, result: SendResult): Promise<boolean> {
    try {
      return await store.recordAttempt({
        integrationId: target.id,
        outboxId: row.id,
        event: row.event,
        attempt,
        ok: result.ok,
        responseStatus: result.responseStatus,
        error: result.error,
        durationMs: result.durationMs,
        at: new Date(),
      });
    } catch (err) {
      log({
        level: "error",
        event: "delivery.record_failed",
        outbox: row.id,
        integration: target.id,
        error: (err as Error).message,
      });
    }
    return true;
  }

  async function deliverTo(row: OutboxRow, payload: Payload, target: Target, counts: DeliveryCounts) {
    if (await store.delivered(row.id, target.id)) return; // reached before a crash of the previous claimant
    if (awaitsConfirmation(target)) {
      // Skipped, not held: one failed attempt says why, and the event is not sent after confirmation.
      await record(row, target, 1, { ok: false, responseStatus: null, error: UNCONFIRMED_ERROR, durationMs: 0 });
      counts.failed++;
      return;
    }
    const delays = backoffDelays(opts.backoffMs);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const result = await send(target, payload, opts);
      if (!(await record(row, target, attempt, result))) return; // the integration was deleted meanwhile
      operatorMetrics().deliveries.inc({ kind: target.kind, outcome: result.ok ? "success" : "failed" });
      await noteOutcome(store, target, result, new Date());
      if (result.ok) {
        counts.sent++;
        return;
      }
      if (result.permanent) break; // refused for good: no retry (the integration is marked failing)
      log({
        level: "warn",
        event: "delivery.failed",
        outbox: row.id,
        integration: target.id,
        kind: target.kind,
        attempt,
        error: result.error,
      });
      if (attempt < MAX_ATTEMPTS) await sleep(delays[attempt - 1]!);
    }
    counts.failed++;
  }

  async function deliverEvent(id: number, counts: DeliveryCounts) {
    try {
      const row = await claim(id);
      if (!row) return;
      counts.events++;
      const targets = await outbox.targets(row);
      if (targets.length > 0) {
        const payload = await outbox.payload(row, opts.appUrl);
        await Promise.all(targets.map((t) => deliverTo(row, payload, t, counts)));
      }
      if (isSubscriberEvent(row.event)) {
        const mailed = await subscribers.deliver(row);
        counts.sent += mailed.sent;
        counts.failed += mailed.failed;
      }
      await store.finish(row.id, worker, new Date());
    } catch (err) {
      // Left claimed: another attempt follows when the lease runs out.
      log({
        level: "error",
        event: "delivery.error",
        outbox: id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }

  return {
    /** Up to `limit` pending events (unclaimed, or claimed by a worker whose lease ran out), oldest first. */
    async pendingIds(limit: number): Promise<number[]> {
      const expired = new Date(Date.now() - CLAIM_LEASE_MS);
      return store.pendingIds(expired, limit);
    },
    /** Claims and delivers one event (nothing when another worker has it); never throws. */
    async deliverOne(id: number): Promise<DeliveryCounts> {
      const counts: DeliveryCounts = { events: 0, sent: 0, failed: 0 };
      await deliverEvent(id, counts);
      return counts;
    },
    /** Delivers every event that is pending now; resolves when they are all sent or given up. */
    async deliverPending(): Promise<DeliveryCounts> {
      const counts: DeliveryCounts = { events: 0, sent: 0, failed: 0 };
      for (;;) {
        const expired = new Date(Date.now() - CLAIM_LEASE_MS);
        const ids = await store.pendingIds(expired, 100);
        if (ids.length === 0) return counts;
        const queue = [...ids];
        const workers = Array.from({ length: Math.min(opts.concurrency ?? 8, queue.length) }, async () => {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) await deliverEvent(id, counts);
        });
        await Promise.all(workers);
        if (ids.length < 100) return counts;
      }
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
