/**
 * Public reads take turns with everything else the web process does. Each kind (status page reads,
 * badge reads) has its own queue, so a page's readers never make a badge wait behind them, nor the
 * other way round. A turn starts at most `PER_TURN` reads of each kind; while reads keep waiting, the
 * next turn comes a millisecond later (a timer, not at once), so the process never spends all its
 * time on them: at most about `PER_TURN` thousand reads of a kind a second per process, and the rest
 * of the time is left to pings, the API, `/livez` and the database's own processes. So however many
 * anonymous readers hammer a page, a ping that arrives meanwhile waits for at most a few of them at
 * each of its steps, never for all of them (a cached read is a few hundred microseconds of CPU;
 * thirty in a row were tens of milliseconds, and a ping on PostgreSQL takes several steps). Beyond
 * what a turn takes, readers wait in their queue, which costs nothing but its place
 * (tests/integration/public-pages-load.test.ts, bench/public-pages.ts).
 */
export type PublicReadKind = "page" | "badge";

/** Two a turn left another organization's PostgreSQL pings at a p99 of 61 ms under the load test; one, 40 ms. */
const PER_TURN = 1;

/** Beyond this many waiting reads of a kind a new one is refused at once (503), rather than queued without end. */
export const MAX_WAITING = 10_000;

const queues: Record<PublicReadKind, (() => void)[]> = { page: [], badge: [] };
let scheduled = false;

function drain(): void {
  for (const queue of Object.values(queues)) for (let n = 0; n < PER_TURN && queue.length > 0; n++) queue.shift()!();
  if (queues.page.length > 0 || queues.badge.length > 0) setTimeout(drain, 1);
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
