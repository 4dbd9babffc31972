// `npm run bench:ping-cpu`: what one success ping costs in CPU on each engine, the standalone ingest
// process (`npm run ping-server`) over HTTP, counted rather than timed: the CPU seconds (user +
// system, from /proc) the ingest process and, on PostgreSQL, every process of the throwaway durable
// cluster used while a fixed number of pings were answered, divided by the pings; and on PostgreSQL
// the transactions per ping (pg_stat_database). On a shared machine throughput moves with the
// neighbours' load; CPU per ping moves far less, so this says where a PostgreSQL ping's cost goes
// when bench:ping's ratio cannot be trusted. Every loop is bounded; traffic is on loopback only.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import { freshDataDir, seedMonitors, start, stop, waitFor } from "./lib";
import { analyzePg, seedPgMonitors, startBenchPg } from "./pg";
import { freePort } from "../tests/support/ports";

const PINGS = Number(process.env.BENCH_PINGS ?? 20_000);
const WARM_UP = 2000;
const IN_FLIGHT = 50;

/** CPU seconds (user + system) of a process so far; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** A process and its children (a PostgreSQL postmaster and its backends). */
function withChildren(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return [pid, ...children.map(Number)];
  } catch {
    return [pid];
  }
}

/** `count` GET pings to `url/<token>`, each monitor once, `IN_FLIGHT` at once; the answered-OK count. */
async function pings(url: string, tokens: string[], count: number): Promise<number> {
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) {
        const token = tokens[next++ % tokens.length]!;
        const res = await fetch(`${url}/${token}`);
        if ((await res.text()) === "OK") ok++;
      }
    }),
  );
  return ok;
}

type Counters = { commits: number; walBytes: number; updates: number; hotUpdates: number };
type Measured = {
  ok: number;
  ingestMs: number;
  serverMs: number;
  /** PostgreSQL: transactions, WAL bytes and monitor updates per ping. */
  perPing: { transactions: number; walBytes: number; hotShare: number } | null;
};

async function measure(
  url: string,
  tokens: string[],
  ingest: ChildProcess,
  server: { pids: () => number[]; counters: () => Promise<Counters> } | null,
): Promise<Measured> {
  const serverCpu = () => (server ? server.pids().reduce((s, p) => s + cpuSeconds(p), 0) : 0);
  const [ingest0, server0, c0] = [cpuSeconds(ingest.pid!), serverCpu(), await server?.counters()];
  const ok = await pings(url, tokens, PINGS);
  const [ingest1, server1, c1] = [cpuSeconds(ingest.pid!), serverCpu(), await server?.counters()];
  return {
    ok,
    ingestMs: ((ingest1 - ingest0) * 1000) / ok,
    serverMs: ((server1 - server0) * 1000) / ok,
    perPing:
      c0 && c1
        ? {
            transactions: (c1.commits - c0.commits) / ok,
            walBytes: (c1.walBytes - c0.walBytes) / ok,
            hotShare: (c1.hotUpdates - c0.hotUpdates) / Math.max(1, c1.updates - c0.updates),
          }
        : null,
  };
}

async function main() {
  const env = { HOST: "127.0.0.1", NODE_ENV: "production", APP_SECRET: crypto.randomBytes(32).toString("hex") };
  const total = WARM_UP + PINGS;
  const results: [string, Measured][] = [];
  let indexCounts = "";

  // SQLite: the ingest process on a fresh file.
  const dataDir = freshDataDir("ping-cpu");
  const { migrate } = await import("../src/server/migrate");
  const file = path.join(dataDir, "lifeline.db");
  await migrate(`file:${file}`);
  const tokens = seedMonitors(file, total);
  const sqlitePort = await freePort();
  const sqlite = start(["--import", "tsx", "scripts/ping-server.ts"], {
    ...env,
    DATA_DIR: dataDir,
    APP_URL: "http://127.0.0.1:1",
    PING_PORT: String(sqlitePort),
  });
  try {
    await waitFor(`http://127.0.0.1:${sqlitePort}/x`);
    const url = `http://127.0.0.1:${sqlitePort}`;
    await pings(url, tokens.slice(PINGS), WARM_UP);
    results.push(["SQLite", await measure(url, tokens.slice(0, PINGS), sqlite, null)]);
  } finally {
    stop(sqlite);
  }

  // PostgreSQL: the same process on a durable throwaway cluster.
  const bench = await startBenchPg("bench_ping_cpu");
  const pgTokens = await seedPgMonitors(bench.url, total);
  const pgPort = await freePort();
  const ingest = start(["--import", "tsx", "scripts/ping-server.ts"], {
    ...env,
    DATA_DIR: freshDataDir("ping-cpu-pg"),
    DATABASE_URL: bench.url,
    APP_URL: "http://127.0.0.1:1",
    PING_PORT: String(pgPort),
  });
  const client = new pg.Client({ connectionString: bench.url });
  try {
    await waitFor(`http://127.0.0.1:${pgPort}/x`);
    const url = `http://127.0.0.1:${pgPort}`;
    await pings(url, pgTokens.slice(PINGS), WARM_UP);
    await analyzePg(bench.url);
    await client.connect();
    const dbName = new URL(bench.url).pathname.slice(1);
    const postmaster = await client.query<{ pid: number }>(
      "SELECT pg_postmaster_start_time(), pg_backend_pid() AS pid",
    );
    // The postmaster is the parent of our backend.
    const ppid = Number(fs.readFileSync(`/proc/${postmaster.rows[0]!.pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
    // Statistics are sent by each backend at its transactions' ends and read from a snapshot: clear it per reading.
    const counters = async (): Promise<Counters> => {
      await client.query("SELECT pg_stat_clear_snapshot()");
      const r = await client.query<{ commits: string; wal: string; upd: string; hot: string }>(
        `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = $1) AS commits,
                pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint AS wal,
                n_tup_upd AS upd, n_tup_hot_upd AS hot
         FROM pg_stat_user_tables WHERE relname = 'cron_monitors'`,
        [dbName],
      );
      const row = r.rows[0]!;
      return {
        commits: Number(row.commits),
        walBytes: Number(row.wal),
        updates: Number(row.upd),
        hotUpdates: Number(row.hot),
      };
    };
    const indexes = await client.query<{ relname: string; n: string }>(
      `SELECT t.relname, count(*) AS n FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
       WHERE t.relname IN ('cron_monitors', 'cron_runs') GROUP BY t.relname ORDER BY t.relname`,
    );
    indexCounts = indexes.rows.map((r) => `${r.relname} ${r.n}`).join(", ");
    results.push([
      "PostgreSQL",
      await measure(url, pgTokens.slice(0, PINGS), ingest, { pids: () => withChildren(ppid), counters }),
    ]);
  } finally {
    await client.end().catch(() => {});
    stop(ingest);
    await new Promise((r) => setTimeout(r, 500));
    await bench.stop();
  }

  console.log(`${PINGS} success pings, ${IN_FLIGHT} in flight, each monitor once; CPU per answered ping:`);
  console.log(
    "| engine | answered OK | ingest process | database server | total | transactions per ping | WAL bytes per ping | HOT share of monitor updates |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [name, m] of results)
    console.log(
      `| ${name} | ${m.ok} | ${m.ingestMs.toFixed(3)} ms | ${m.serverMs.toFixed(3)} ms | ${(m.ingestMs + m.serverMs).toFixed(3)} ms | ${m.perPing?.transactions.toFixed(3) ?? "-"} | ${m.perPing ? Math.round(m.perPing.walBytes) : "-"} | ${m.perPing ? `${Math.round(100 * m.perPing.hotShare)}%` : "-"} |`,
    );
  console.log(`PostgreSQL indexes (the primary keys included): ${indexCounts}`);
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
