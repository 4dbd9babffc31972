import crypto from "node:crypto";

export type LoadTarget = { url: string; token: string };

/**
 * A bounded ping load: `concurrency` workers send POST pings with fresh rids to the targets in
 * turn, each ping to `url/<token>?rid=...`, until `count` pings were sent, `stop()` is called or
 * `maxMs` passed. Returns the rids answered exactly `200 OK` and how many answers were 429.
 */
export function pingLoad(targets: LoadTarget[], opts: { count: number; concurrency: number; maxMs: number }) {
  const answeredOk: { rid: string; url: string; token: string }[] = [];
  let sent = 0;
  let limited = 0;
  let failed = 0;
  let stopped = false;
  const deadline = Date.now() + opts.maxMs;
  const worker = async () => {
    while (!stopped && sent < opts.count && Date.now() < deadline) {
      const target = targets[sent++ % targets.length]!;
      const rid = crypto.randomUUID();
      try {
        const res = await fetch(`${target.url}/${target.token}?rid=${rid}`, { method: "POST", body: "load" });
        const text = await res.text();
        if (res.status === 200 && text === "OK") answeredOk.push({ rid, url: target.url, token: target.token });
        else if (res.status === 429) limited++;
        else failed++;
      } catch {
        failed++; // connection refused or cut: not answered, so not promised
      }
    }
  };
  const done = Promise.all(Array.from({ length: opts.concurrency }, worker)).then(() => ({
    answeredOk,
    limited,
    failed,
    sent,
  }));
  return {
    answeredOk,
    done,
    stop: () => (stopped = true),
    /** Resolves once at least `n` pings were answered OK (or the load ended). */
    async whenOk(n: number) {
      while (answeredOk.length < n && !stopped && sent < opts.count && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
    },
  };
}
