// `npm run bench:pg-round-trips`: where a PostgreSQL ping's time goes, without HTTP. On a durable
// throwaway cluster (the same as bench:ping's), bounded loops measure one round trip (`SELECT 1`),
// one committed write (BEGIN, INSERT, COMMIT: the commit's WAL flush), and the ping store alone
// (`createPgPingStore(...).record`, success pings over 20,000 monitors, 50 in flight, as autocannon's
// 50 connections) with its statements counted. Results go to docs/performance.md ("pg-round-trips").
import os from "node:os";
import type { Pool } from "pg";
import { machine, steal, writeSection } from "./lib";
import { analyzePg, seedPgMonitors, startBenchPg } from "./pg";

const LOOP = Number(process.env.BENCH_LOOP ?? 2000);
const STORE_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

async function perCall(times: number, f: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(100, times); i++) await f(); // warm-up
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < times; i++) await f();
  return Number(process.hrtime.bigint() - t0) / 1e6 / times;
}

/** Counts every query of the pool's clients (BEGIN and COMMIT included). */
function countQueries(pool: Pool): { n: number } {
  const counter = { n: 0 };
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
      counter.n++;
      return query(...a);
    };
  });
  return counter;
}

async function main() {
  const server = await startBenchPg("bench_rtt");
  const tokens = await seedPgMonitors(server.url, 20_000);
  const { openPgPool } = await import("../src/server/storage/postgres/pool");
  const { createPgPingStore } = await import("../src/server/storage/postgres/ping-store");
  const { eventPlanner } = await import("../src/server/ping/planner");
  const loadFrom = os.loadavg()[0]!.toFixed(2);
  const stealFrom = steal.read();
  const pool = openPgPool(server.url, 10);
  const rows: string[] = [];
  try {
    const c = await pool.connect();
    let roundTrip: number, commit: number, asyncCommit: number;
    try {
      roundTrip = await perCall(LOOP, () => c.query("SELECT 1"));
      await c.query("CREATE TABLE rtt_probe (id bigserial PRIMARY KEY, at timestamptz DEFAULT now())");
      const write = async () => {
        await c.query("BEGIN");
        await c.query("INSERT INTO rtt_probe DEFAULT VALUES");
        await c.query("COMMIT");
      };
      commit = await perCall(Math.ceil(LOOP / 4), write);
      await c.query("SET synchronous_commit = off");
      asyncCommit = await perCall(Math.ceil(LOOP / 4), write);
      await c.query("RESET synchronous_commit");
    } finally {
      c.release();
    }
    const pgModule = (await import("pg")).default;
    const connect = await perCall(Math.ceil(LOOP / 40), async () => {
      const fresh = new pgModule.Client({ connectionString: server.url });
      await fresh.connect();
      await fresh.query("SELECT 1");
      await fresh.end();
    });
    rows.push(
      `| a new connection (a new server process: connect, \`SELECT 1\`, end; what a one-shot sweep pays per pool connection) | ${connect.toFixed(3)} ms |`,
    );
    rows.push(`| one round trip (\`SELECT 1\`, one connection, ${LOOP} in a row) | ${roundTrip.toFixed(3)} ms |`);
    rows.push(`| BEGIN, INSERT, COMMIT (3 round trips and the commit's WAL flush) | ${commit.toFixed(3)} ms |`);
    rows.push(`| the same with \`synchronous_commit = off\` (no wait for the flush) | ${asyncCommit.toFixed(3)} ms |`);

    // The ping store alone: 50 events in flight, as many as autocannon's connections.
    // A pool of its own, so that every connection it opens is counted.
    const storePool = openPgPool(server.url, 10);
    const counter = countQueries(storePool);
    const store = createPgPingStore(storePool, eventPlanner());
    let i = 0;
    let accepted = 0;
    const ping = () =>
      store.record({
        target: { token: tokens[i++ % tokens.length]! },
        kind: "success",
        exitCode: 0,
        rid: null,
        log: null,
        source: "shell",
        meta: null,
        rateCapped: true,
        now: new Date(),
      });
    for (let w = 0; w < 500; w++) await ping(); // warm-up, then the statistics autovacuum would gather
    await analyzePg(server.url);
    counter.n = 0;
    const deadline = Date.now() + STORE_SECONDS * 1000;
    const t0 = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (Date.now() < deadline) {
          const r = await ping();
          if (r.outcome === "accepted") accepted++;
        }
      }),
    );
    const secs = Number(process.hrtime.bigint() - t0) / 1e9;
    await storePool.end();
    const perEvent = counter.n / Math.max(1, accepted);
    rows.push(
      `| ping store alone (no HTTP), 50 success pings in flight, ${STORE_SECONDS} s | ${Math.round(accepted / secs)} pings/s |`,
    );
    rows.push(
      `| its statements per ping (BEGIN, the lock, one read and one write per wave, COMMIT, shared by each group) | ${perEvent.toFixed(2)} |`,
    );
    rows.push(
      `| its pings per group (one transaction; usually one wave: 5 statements) | ${(5 / Math.max(perEvent, 1e-9)).toFixed(1)} |`,
    );
  } finally {
    await pool.end();
    await server.stop();
  }
  const loadTo = os.loadavg()[0]!.toFixed(2);
  writeSection(
    "pg-round-trips",
    `### PostgreSQL: where a ping's time goes (\`npm run bench:pg-round-trips\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}: a durable throwaway cluster (fsync on) on the same
2 cores as the client; 1-minute load average ${loadFrom} at the start, ${loadTo} at the end, CPU steal
${steal.percentSince(stealFrom) ?? "?"}% (compare runs only at similar load and steal).

| measurement | per call |
|---|---|
${rows.join("\n")}`,
  );
  console.log(rows.join("\n"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
