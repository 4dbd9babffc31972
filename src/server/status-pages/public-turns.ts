/**
 * Public reads (status pages, badges) take turns with everything else the web process does: one of
 * them starts per turn of the event loop (`PER_TURN`: two), the rest wait in a queue that costs nothing
 * but its place. So however many anonymous readers hammer a page, a ping, an API call or `/livez`
 * that arrives meanwhile waits for at most two of them at each of its steps, never for all of them
 * (a cached read is a few hundred microseconds of CPU; thirty in one turn were tens of
 * milliseconds, and a ping on PostgreSQL takes several turns). The reads lose no throughput: a turn
 * with nothing else to do is short (tests/integration/public-pages-load.test.ts, bench/public-pages.ts).
 */
const PER_TURN = 2;
/** Beyond this many waiting reads a new one is refused at once (503), rather than queued without end. */
export const MAX_WAITING = 10_000;

const queue: (() => void)[] = [];
let scheduled = false;

function drain(): void {
  for (let n = 0; n < PER_TURN && queue.length > 0; n++) queue.shift()!();
  if (queue.length > 0) setImmediate(drain);
  else scheduled = false;
}

/** Runs `work` in a later turn of the event loop, in arrival order; false (not queued) when the queue is full. */
export function inPublicTurn(work: () => void): boolean {
  if (queue.length >= MAX_WAITING) return false;
  queue.push(work);
  if (!scheduled) {
    scheduled = true;
    setImmediate(drain);
  }
  return true;
}
