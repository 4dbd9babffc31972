// `npm run bench:api-versus -- <other checkout> [sqlite|postgresql]`: this checkout's REST interface
// beside another checkout's, in one run on the same machine. Each side serves the web app alone
// (`scripts/serve.ts --web-only`, its own production build) on its own fresh database of the chosen
// engine (default PostgreSQL: a durable throwaway cluster per side, so each side's database CPU is
// its own), seeded alike (bench/api-scenarios.ts: 50 monitors of 5 runs, a user's token). Each
// request of bench:api is then loaded on one side at a time, in alternating order (A B, B A, ...),
// BENCH_ROUNDS pairs (default 4) of BENCH_SECONDS each (default 5), after a warm-up of each;
// BENCH_REQUESTS (words, comma-separated) keeps only the requests whose name contains one of them.
// Throughput moves with whatever else the host runs; the CPU a request costs (the web process's
// and, on PostgreSQL, the cluster's: every process of it, counted from /proc) barely does, so both
// are reported, with each side's median and the ratio (this checkout to the other), and written to
// docs/performance.md (section "api-versus-<engine>"). The other checkout needs its node_modules, its
// generated Prisma clients and its production build (`npm run db:generate`, `next build` there).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { apiScenarios, pgSql, seedApi, type ApiTarget } from "./api-scenarios";
import { freshDataDir, load, machine, start, steal, stop, treeCpuMsOf, waitFor, writeSection } from "./lib";
import { startPgCluster, type PgCluster } from "../tests/support/pg-cluster";
import { median, versusArgs, versusSides, type Engine } from "./versus";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PAIRS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONNECTIONS = 20;

type Side = ApiTarget & { name: string; dir: string; commit: string; port: number; webPid: number; dbPid: number };
type Round = { rps: number; webUs: number; dbUs: number; non2xx: number; errors: number };

const postmasterPid = (cluster: PgCluster) =>
  Number(fs.readFileSync(path.join(cluster.dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);

async function startSide(side: Side, engine: Engine, clusters: PgCluster[]) {
  const dataDir = freshDataDir(`api-versus-${side.port}`);
  const cluster = engine === "postgresql" ? await startPgCluster({ durable: true }) : null;
  if (cluster) clusters.push(cluster);
  const child = start(
    ["--import", "tsx", "scripts/serve.ts", "--web-only"],
    {
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(side.port),
      NODE_ENV: "production",
      APP_SECRET: crypto.randomBytes(32).toString("hex"),
      APP_URL: side.base,
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
    },
    side.dir,
  );
  side.webPid = child.pid!;
  await waitFor(`${side.base}/livez`);
  if (cluster) {
    side.dbPid = postmasterPid(cluster);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    Object.assign(side, await seedApi(side.base, pgSql(client)));
    await client.end();
  } else {
    const file = new Database(path.join(dataDir, "lifeline.db"));
    Object.assign(side, await seedApi(side.base, async (text, params) => void file.prepare(text).run(...params)));
    file.close();
  }
  return child;
}

async function main() {
  const { other, engine } = versusArgs("bench:api-versus", "scripts/serve.ts", "postgresql");
  const sides: Side[] = versusSides(other).map((s) => ({ ...s, token: "", monitorId: 0, webPid: 0, dbPid: 0 }));
  const clusters: PgCluster[] = [];
  const children = [];
  try {
    for (const side of sides) children.push(await startSide(side, engine, clusters));
    const only = process.env.BENCH_REQUESTS?.split(",").filter(Boolean);
    // /livez is the ceiling of bench:api, not the REST interface (and older checkouts answered it through Next).
    const requests = sides.map((s) =>
      apiScenarios(s).filter((sc) => !sc.url.endsWith("/livez") && (!only || only.some((w) => sc.name.includes(w)))),
    );
    for (const [k, side] of sides.entries())
      for (const sc of requests[k]!)
        await load(
          "warm-up",
          { url: sc.url, duration: 2, connections: CONNECTIONS, setupRequest: sc.requests },
          side.port,
        );
    const loadFrom = os.loadavg()[0]!.toFixed(1);
    const stealFrom = steal.read();
    const rounds: Round[][][] = requests[0]!.map(() => [[], []]);
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const [r, name] of requests[0]!.map((sc) => sc.name).entries()) {
        for (const k of pair % 2 === 0 ? [0, 1] : [1, 0]) {
          const side = sides[k]!;
          const sc = requests[k]![r]!;
          const web0 = treeCpuMsOf(side.webPid);
          const db0 = side.dbPid ? treeCpuMsOf(side.dbPid) : 0;
          const loaded = await load(
            name,
            { url: sc.url, duration: DURATION, connections: CONNECTIONS, setupRequest: sc.requests },
            side.port,
          );
          const per = (ms: number) => Math.round((ms * 1000) / Math.max(loaded.ok, 1));
          const round = {
            rps: loaded.rps,
            webUs: per(treeCpuMsOf(side.webPid) - web0),
            dbUs: side.dbPid ? per(treeCpuMsOf(side.dbPid) - db0) : 0,
            non2xx: loaded.non2xx,
            errors: loaded.errors,
          };
          rounds[r]![k]!.push(round);
          console.log(
            `pair ${pair + 1} ${name}: ${side.name} (${side.commit}) ${round.rps}/s, web ${round.webUs} µs, database ${round.dbUs} µs a request`,
          );
        }
      }
    }
    report(
      engine,
      sides,
      requests[0]!.map((sc) => sc.name),
      rounds,
      loadFrom,
      steal.percentSince(stealFrom),
    );
  } finally {
    for (const child of children) stop(child);
    await new Promise((r) => setTimeout(r, 500));
    for (const cluster of clusters) await cluster.stop();
  }
}

function report(
  engine: Engine,
  sides: Side[],
  names: string[],
  rounds: Round[][][],
  loadFrom: string,
  stealPct: number | null,
) {
  const pg = engine === "postgresql";
  type Median = { rps: number; cpu: number; web: number; db: number; bad: number };
  const rows = names
    .map((name, r) => {
      const [mine, theirs] = rounds[r]!.map((rs): Median => ({
        rps: median(rs.map((x) => x.rps)),
        cpu: median(rs.map((x) => x.webUs + x.dbUs)),
        web: median(rs.map((x) => x.webUs)),
        db: median(rs.map((x) => x.dbUs)),
        bad: rs.reduce((n, x) => n + x.non2xx + x.errors, 0),
      })) as [Median, Median];
      const cpu = (s: Median) => (pg ? `${s.cpu} (${s.web} + ${s.db})` : `${s.web}`);
      return `| ${name} | ${Math.round(mine.rps)} / ${Math.round(theirs.rps)} | **${(mine.rps / theirs.rps).toFixed(2)}** | ${cpu(mine)} / ${cpu(theirs)} | **${(theirs.cpu / mine.cpu).toFixed(2)}** | ${mine.bad} / ${theirs.bad} |`;
    })
    .join("\n");
  const text = `## The REST interface beside another checkout, on ${pg ? "PostgreSQL" : "SQLite"} (\`npm run bench:api-versus\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${pg ? "PostgreSQL 15 (a durable throwaway cluster per side)" : "SQLite (WAL)"}.
This checkout (\`${sides[0]!.commit}\`) against \`${sides[1]!.commit}\`, each serving the web app alone on its own database
(one organization on the enterprise plan, 50 monitors of 5 runs, a user's token); autocannon with ${CONNECTIONS} connections,
${PAIRS} pairs of ${DURATION} s rounds per request alternating which side goes first; medians. **Host during the run: CPU steal
${stealPct ?? "?"}%, load average ${loadFrom} when the rounds began and ${os.loadavg()[0]!.toFixed(1)} at the end, on ${os.cpus().length} cores.**
CPU a request: ${pg ? "the web process's plus the cluster's (every PostgreSQL process of that side), µs" : "the web process's, µs"}; a ratio above 1 means this checkout is faster or cheaper.

| request | req/s (this / other) | throughput ratio | CPU µs a request (this / other) | CPU ratio | non-2xx and errors |
|---|---|---|---|---|---|
${rows}`;
  writeSection(`api-versus-${engine}`, text);
  console.log(text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
