/**
 * Public reads (status pages, badges) take turns with everything else the web process does: at most
 * `PER_TURN` of them start per turn of the event loop, the rest wait in a queue that costs nothing
 * but its place. So however many anonymous readers hammer a page, a ping, an API call or `/livez`
 * that arrives meanwhile waits for at most a few of them, never for all of them (a cached read is a
 * few hundred microseconds of CPU; thirty of them in one turn were tens of milliseconds). The reads
 * themselves lose nothing in throughput: the process does the same work, in smaller slices.
 */
const PER_TURN = 4;
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
