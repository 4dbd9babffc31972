import type { Delivery } from "./deliver";

/** Events one process delivers at the same time (each to all its integrations at once). */
export const DISPATCH_CONCURRENCY = 32;

export type DispatcherOptions = { concurrency?: number; log?: (line: object) => void };

/**
 * Continuous delivery for long-running workers: `wake()` (an outbox row committed, here or in
 * another process) makes it read the pending events and start each in a slot of its own, up to
 * `concurrency` at once. An event is never waited for by another: a receiver that hangs (10 s per
 * attempt, three attempts with backoff) holds only its own event's slot, and each finished event
 * frees its slot and looks for more. Retries keep their backoff inside the event's slot.
 */
export function createDispatcher(delivery: Delivery, opts: DispatcherOptions = {}) {
  const concurrency = opts.concurrency ?? DISPATCH_CONCURRENCY;
  const log = opts.log ?? (() => {});
  const inFlight = new Map<number, Promise<void>>();
  let reading = false;
  let readAgain = false;
  let stopped = false;

  async function fill() {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        const room = concurrency - inFlight.size;
        if (room <= 0 || stopped) break; // a finishing event reads again
        const ids = (await delivery.pendingIds(room + inFlight.size)).filter((id) => !inFlight.has(id)).slice(0, room);
        if (stopped) break;
        for (const id of ids) start(id);
      } while (readAgain);
    } catch (err) {
      log({ level: "error", event: "delivery.failed", error: err instanceof Error ? err.message : String(err) });
    } finally {
      reading = false;
    }
  }

  function start(id: number) {
    const done = delivery.deliverOne(id).then((counts) => {
      if (counts.events > 0) log({ level: "info", event: "delivery", outbox: id, ...counts });
      inFlight.delete(id);
      if (!stopped) void fill();
    });
    inFlight.set(id, done);
  }

  return {
    /** Looks for pending events now (coalesced with a read already under way). */
    wake(): void {
      if (!stopped) void fill();
    },
    /** Starts nothing new; resolves when the events under way are sent or given up. */
    async stop(): Promise<void> {
      stopped = true;
      while (inFlight.size > 0) await Promise.all([...inFlight.values()]);
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
