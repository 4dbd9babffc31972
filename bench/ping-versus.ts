// `npm run bench:ping-versus -- <other checkout> [sqlite|postgresql]`: this checkout's standalone
// ingest (`scripts/ping-server.ts`) beside another checkout's, in one run on the same machine, for
// plain pings (success pings of monitors with no maintenance window, no snooze and no dependency).
// Each ingest gets its own fresh database of the chosen engine (default SQLite; PostgreSQL: two
// databases on one durable throwaway cluster), seeded with the same BENCH_MONITORS hourly monitors
// (default 300,000: at 15,000 pings/s a side, 100,000 monitors reached the cap of 5 pings a minute
// within four pairs). The same load generator (autocannon, 50 connections, each request the next
// monitor of its side's list, so no monitor is rate-capped) then loads one ingest at a time, in
// alternating rounds (ABBA: A B, B A, A B, ...), BENCH_ROUNDS pairs (default 4) of BENCH_SECONDS
// each (default 8) after a warm-up of each. It prints each side's median throughput, every
// round's, and the ratio (this checkout to the other), and writes them to docs/performance.md
// (section "ping-versus"). The other checkout needs its node_modules and its generated Prisma
// clients (`npm run db:generate` there).
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import {
  cpuMsOf,
  freshDataDir,
  load,
  machine,
  seedMonitors,
  start,
  steal,
  stop,
  waitFor,
  writeSection,
  type Result,
} from "./lib";
import { seedPgMonitors } from "./pg";
import { median, versusArgs, versusSides } from "./versus";
import { startPgCluster } from "../tests/support/pg-cluster";
import { freshDatabase } from "../tests/support/pg-database";

const MONITORS = Number(process.env.BENCH_MONITORS ?? 300_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const PAIRS = Number(process.env.BENCH_ROUNDS ?? 4);
const WARM_UP = 5;
const CONNECTIONS = 50;

type Side = {
  name: string;
  dir: string;
  commit: string;
  port: number;
  base: string;
  tokens: string[];
  next: number;
  pid: number;
};
/** A round's result with the ingest's CPU time per accepted ping (microseconds). */
type Round = Result & { cpuUsPerPing: number };

/** Plain success pings, each the side's next monitor in turn (the turn goes on across rounds). */
function plainPings(side: Side) {
  return [
    {
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        method: "GET",
        path: `/${side.tokens[side.next++ % side.tokens.length]}`,
      }),
    },
  ];
}

async function main() {
  const { other, engine } = versusArgs("bench:ping-versus", "scripts/ping-server.ts", "sqlite");
  const sides: Side[] = versusSides(other).map((s) => ({ ...s, tokens: [], next: 0, pid: 0 }));

  const cluster = engine === "postgresql" ? await startPgCluster({ durable: true }) : null;
  const children = [];
  try {
    for (const [i, side] of sides.entries()) {
      const dataDir = freshDataDir(`ping-versus-${i}`);
      const databaseUrl = cluster ? await freshDatabase(cluster.url, `bench_versus_${i}`) : null;
      const child = start(
        ["--import", "tsx", "scripts/ping-server.ts"],
        {
          DATA_DIR: dataDir,
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          APP_SECRET: crypto.randomBytes(32).toString("hex"),
          APP_URL: side.base,
          PING_PORT: String(side.port),
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
        side.dir,
      );
      children.push(child);
      side.pid = child.pid!;
      await waitFor(`${side.base}/x`); // answers once its own migrations have run
      side.tokens = databaseUrl
        ? await seedPgMonitors(databaseUrl, MONITORS)
        : seedMonitors(path.join(dataDir, "lifeline.db"), MONITORS);
    }
    for (const side of sides) {
      await load(
        "warm-up",
        { url: side.base, duration: WARM_UP, connections: CONNECTIONS, setupRequest: plainPings(side) },
        side.port,
      );
    }
    const loadFrom = os.loadavg()[0]!.toFixed(1);
    const stealFrom = steal.read();
    const rounds: Round[][] = [[], []];
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const k of pair % 2 === 0 ? [0, 1] : [1, 0]) {
        const side = sides[k]!;
        const cpuFrom = cpuMsOf(side.pid);
        const loaded = await load(
          side.name,
          { url: side.base, duration: DURATION, connections: CONNECTIONS, setupRequest: plainPings(side) },
          side.port,
        );
        const r = { ...loaded, cpuUsPerPing: Math.round(((cpuMsOf(side.pid) - cpuFrom) * 1000) / loaded.ok) };
        rounds[k]!.push(r);
        console.log(
          `pair ${pair + 1}: ${side.name} (${side.commit}) ${r.rps}/s, ${r.cpuUsPerPing} us CPU a ping, p99 ${r.p99} ms, non-2xx ${r.non2xx}`,
        );
      }
    }
    report(engine, sides, rounds, loadFrom, steal.percentSince(stealFrom));
  } finally {
    for (const child of children) stop(child);
    await new Promise((r) => setTimeout(r, 500));
    await cluster?.stop();
  }
}

function report(engine: string, sides: Side[], rounds: Round[][], loadFrom: string, stealPct: number | null) {
  const [mine, theirs] = rounds.map((rs) => median(rs.map((r) => r.rps))) as [number, number];
  const pairRatios = rounds[0]!.map((r, i) => r.rps / rounds[1]![i]!.rps);
  const [myCpu, theirCpu] = rounds.map((rs) => median(rs.map((r) => r.cpuUsPerPing))) as [number, number];
  const rows = sides
    .map((s, k) => {
      const rs = rounds[k]!;
      return `| ${s.name} (\`${s.commit}\`) | ${Math.round(k === 0 ? mine : theirs)} | ${rs.map((r) => r.rps).join(", ")} | ${k === 0 ? myCpu : theirCpu} | ${median(rs.map((r) => r.p99))} | ${rs.reduce((n, r) => n + r.non2xx + r.errors, 0)} |`;
    })
    .join("\n");
  const text = `## Plain pings beside another checkout (\`npm run bench:ping-versus\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${engine === "sqlite" ? "SQLite (WAL)" : "PostgreSQL 15 (a durable throwaway cluster)"},
the standalone ingest of each checkout on its own database of ${MONITORS.toLocaleString("en")} hourly monitors (none with a
maintenance window, a snooze or a dependency), success pings from autocannon (${CONNECTIONS} connections, ${DURATION} s a round),
${PAIRS} pairs of rounds alternating which one goes first. **Host during the run: CPU steal ${stealPct ?? "?"}%, load
average ${loadFrom} when the rounds began and ${os.loadavg()[0]!.toFixed(1)} at the end, on ${os.cpus().length} cores.**

| ingest | median accepted pings/s | every round | median CPU µs a ping (the ingest process) | median p99 ms | non-2xx and errors |
|---|---|---|---|---|---|
${rows}

This checkout reaches **${(mine / theirs).toFixed(3)}** of the other's median throughput (per pair: ${pairRatios.map((r) => r.toFixed(3)).join(", ")});
by the ingest's CPU time a ping, which other work on the host barely moves, **${(theirCpu / myCpu).toFixed(3)}**.`;
  writeSection(`ping-versus-${engine}`, text);
  console.log(text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
