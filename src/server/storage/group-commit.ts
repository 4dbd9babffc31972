import { operatorMetrics } from "../observability/operator-metrics";
import type { PingStore, RunEvent, RunEventResult } from "./ping-store";

/** At most this many events share one commit. */
export const MAX_BATCH = 256;

/** An event waiting for its group's commit, with the caller's promise to settle. */
export type PendingEvent = { event: RunEvent; resolve: (r: RunEventResult) => void; reject: (e: unknown) => void };

/**
 * Group commit, the same on both engines: the events that arrive in the same turn of the event loop
 * (at most MAX_BATCH) are handed to `commitGroup` together, which records them in one transaction
 * and settles each caller's promise only after the commit. Later events wait for the next turn.
 */
export function groupCommitStore(commitGroup: (items: PendingEvent[]) => void | Promise<void>): PingStore {
  let queue: PendingEvent[] = [];
  let scheduled = false;
  const flush = () => {
    const items = queue.slice(0, MAX_BATCH);
    queue = queue.slice(items.length);
    scheduled = queue.length > 0;
    if (scheduled) setImmediate(flush);
    operatorMetrics().groupCommitSize.observe(items.length);
    void commitGroup(items);
  };
  return {
    record: (event) =>
      new Promise<RunEventResult>((resolve, reject) => {
        queue.push({ event, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      }),
  };
}
