/**
 * Public reads take turns with everything else the web process does: per turn of the event loop,
 * one status page read and one badge read start (each kind has its own queue, so a page's readers
 * never make a badge wait behind them, nor the other way round); the rest wait in their queue, which
 * costs nothing but its place. So however many anonymous readers hammer a page, a ping, an API call
 * or `/livez` that arrives meanwhile waits for at most two of them at each of its steps, never for
 * all of them (a cached read is a few hundred microseconds of CPU; thirty in one turn were tens of
 * milliseconds, and a ping on PostgreSQL takes several turns). The reads lose no throughput: a turn
 * with nothing else to do is short (tests/integration/public-pages-load.test.ts, bench/public-pages.ts).
 */
export type PublicReadKind = "page" | "badge";

/** Beyond this many waiting reads of a kind a new one is refused at once (503), rather than queued without end. */
export const MAX_WAITING = 10_000;

const queues: Record<PublicReadKind, (() => void)[]> = { page: [], badge: [] };
let scheduled = false;

function drain(): void {
  for (const queue of Object.values(queues)) queue.shift()?.();
  if (queues.page.length > 0 || queues.badge.length > 0) setImmediate(drain);
  else scheduled = false;
}

/** Runs `work` in a later turn of the event loop, in arrival order for its kind; false (not queued) when its queue is full. */
export function inPublicTurn(kind: PublicReadKind, work: () => void): boolean {
  const queue = queues[kind];
  if (queue.length >= MAX_WAITING) return false;
  queue.push(work);
  if (!scheduled) {
    scheduled = true;
    setImmediate(drain);
  }
  return true;
}
