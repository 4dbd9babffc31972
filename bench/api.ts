// `npm run bench:api`: the REST interface under load (autocannon, 20 connections), on SQLite and on
// PostgreSQL: /livez (no database, the ceiling), /api/v1/health, GET one monitor, a list of 50
// monitors with 5 runs each, and POST a monitor. BENCH_ROUNDS interleaved rounds (default 3) of
// BENCH_SECONDS each (default 5); medians and ratios to /livez go to docs/performance.md ("api").
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { startEnginePair } from "./engine-pair";
import { apiScenarios, pgSql, seedApi } from "./api-scenarios";
import { load, machine, steal, summarize, writeSection, type Result } from "./lib";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;

type Engine = { name: string; base: string; port: number; token: string; monitorId: number };

async function measure(e: Engine): Promise<Result[][]> {
  const list = apiScenarios(e);
  const rounds: Result[][] = list.map(() => []);
  for (const sc of list)
    await load("warm-up", { url: sc.url, duration: 2, connections: CONNECTIONS, setupRequest: sc.requests }, e.port);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, sc] of list.entries()) {
      rounds[k]!.push(
        await load(
          sc.name,
          { url: sc.url, duration: DURATION, connections: CONNECTIONS, setupRequest: sc.requests },
          e.port,
        ),
      );
    }
  }
  return rounds;
}

async function main() {
  const results: { engine: string; rows: ReturnType<typeof summarize>[] }[] = [];
  const stealFrom = steal.read();
  const loadFrom = os.loadavg()[0]!.toFixed(2);
  const pair = await startEnginePair("api", [3910, 3911]);
  try {
    const { base: sqliteBase, port: sqlitePort } = pair.sqlite;
    const { base: pgBase, port: pgPort } = pair.pg;
    const file = new Database(path.join(pair.sqliteDir, "lifeline.db"));
    const s = await seedApi(sqliteBase, async (text, params) => void file.prepare(text).run(...params));
    file.close();
    const client = new pg.Client({ connectionString: pair.pg.url });
    await client.connect();
    const p = await seedApi(pgBase, pgSql(client));
    await client.end();
    const engines: Engine[] = [
      { name: "SQLite", base: sqliteBase, port: sqlitePort, ...s },
      { name: "PostgreSQL", base: pgBase, port: pgPort, ...p },
    ];
    for (const e of engines) results.push({ engine: e.name, rows: (await measure(e)).map(summarize) });
  } finally {
    await pair.stop();
  }
  const stealPct = steal.percentSince(stealFrom);
  const loadTo = os.loadavg()[0]!.toFixed(2);
  const sqliteRatios = results[0]!.rows.map((r) => r.rps / results[0]!.rows[0]!.rps);
  const table = results
    .flatMap(({ engine, rows }) =>
      rows.map((r, k) => {
        const ratio = r.rps / rows[0]!.rps;
        const vsSqlite =
          engine === "SQLite" || k === 0 ? "" : ` (${Math.round((100 * ratio) / sqliteRatios[k]!)}% of SQLite's)`;
        return `| ${engine} | ${r.name} | ${r.rps} | ${ratio.toFixed(2)}${vsSqlite} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`;
      }),
    )
    .join("\n");
  writeSection(
    "api",
    `## REST interface (\`npm run bench:api\`)

Measured ${new Date().toISOString().slice(0, 16)} UTC on ${machine()}; \`npm start\` (production build), autocannon with
${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s after a 2 s warm-up of each request; medians. One
organization (enterprise plan) with 50 monitors of 5 runs each, a user's access token. PostgreSQL: a throwaway durable
cluster (\`tests/support/pg-cluster.ts\`) on the same machine; the load generator shares the 2 cores with the servers.
**Host during the run: 1-minute load average ${loadFrom} at the start, ${loadTo} at the end; CPU steal ${stealPct ?? "?"}%**
(above about 3 on 2 cores, other work was running and absolute numbers are low and noisy; the ratios to \`/livez\` of the
same server and round are the figures to read). \`npm start\` answers \`/api/v1/…\` without Next's routing
(src/server/api/http/node-rest.ts), and \`/livez\` before any framework (scripts/web-server.ts; tables before
2026-11-26's evening measured it as a Next route, so their shares of /livez are not comparable).

| engine | request | req/s | share of /livez | p50 ms | p99 ms | non-2xx | errors |
|---|---|---|---|---|---|---|---|
${table}

Targets (SQLite): health ≥ 0.80, GET monitor ≥ 0.40, list of 50 ≥ 0.20, POST ≥ 0.25, p99 < 250 ms, no non-2xx;
PostgreSQL's ratios at least 70% of SQLite's.`,
  );
  for (const r of results) console.table(r.rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
