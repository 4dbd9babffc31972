// The top-of-the-minute burst: every monitor in `tokens` pings once, all at the same moment, over
// 1,000 connections (cron jobs on many hosts firing at :00). Reports the time until the last answer,
// the latency spread, and how many runs the database holds afterwards (every OK must be stored).
import autocannon from "autocannon";
import Database from "better-sqlite3";

export type BurstResult = {
  sent: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  /** Requests the client gave up on after 30 s (the server may still have stored them). */
  timeouts: number;
  /** Other connection errors (autocannon's `errors` counts timeouts too). */
  errors: number;
  stored: number;
};

const CONNECTIONS = 1_000;

/**
 * `dbFile` null: a server that stores nothing (the bare node:http ceiling), to show what the client
 * alone needs for 20,000 requests over 1,000 new connections on the same cores.
 */
export async function burst(pingUrl: string, tokens: string[], dbFile: string | null): Promise<BurstResult> {
  const runs = () => {
    if (!dbFile) return 0;
    const db = new Database(dbFile, { readonly: true, timeout: 5000 });
    try {
      return (db.prepare("SELECT count(*) AS n FROM cron_runs").get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  const before = runs();
  let i = 0;
  const url = new URL(pingUrl);
  const started = process.hrtime.bigint();
  const result = await autocannon({
    url: url.origin,
    connections: CONNECTIONS,
    amount: tokens.length,
    timeout: 30,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          method: "GET",
          path: `${url.pathname}/${tokens[i++ % tokens.length]}`,
        }),
      },
    ],
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    sent: tokens.length,
    seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result["2xx"],
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    stored: runs() - before,
  };
}
