// `npm run bench:api`: the REST interface under load (autocannon, 20 connections), on SQLite and on
// PostgreSQL: /livez (no database, the ceiling), /api/v1/health, GET one monitor, a list of 50
// monitors with 5 runs each, and POST a monitor. BENCH_ROUNDS interleaved rounds (default 3) of
// BENCH_SECONDS each (default 5); medians and ratios to /livez go to docs/performance.md ("api").
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { startEnginePair } from "./engine-pair";
import { load, machine, steal, summarize, writeSection, type Result } from "./lib";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;

type Engine = { name: string; base: string; port: number; token: string; monitorId: number };

/** A user (its organization on the enterprise plan), 50 monitors with 5 runs each, through the API and SQL. */
async function seed(
  base: string,
  sql: (text: string, params: unknown[]) => Promise<void>,
): Promise<{ token: string; monitorId: number }> {
  const post = async (route: string, body: unknown, token?: string) =>
    (
      await fetch(`${base}/api/v1${route}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json();
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const registered = await post("/auth/register", { email, password: "bench-password-123" });
  const token: string = registered.data.access;
  await sql(`UPDATE organizations SET plan = 'enterprise'`, []);
  let monitorId = 0;
  for (let i = 0; i < 50; i++) {
    const created = await post(
      "/cron-monitors",
      { name: `job ${i}`, schedule_kind: "cron", cron_expression: "*/5 * * * *" },
      token,
    );
    monitorId = created.data.id;
    for (let r = 0; r < 5; r++) {
      await sql(
        `INSERT INTO cron_runs (monitor_id, rid, status, started_at, duration_ms) VALUES (?, ?, 'success', ?, ?)`,
        [monitorId, `rid-${r}`, new Date(Date.now() - r * 300_000).toISOString().replace("Z", "+00:00"), 1000 + r],
      );
    }
  }
  return { token, monitorId };
}

function scenarios(e: Engine) {
  const auth = { authorization: `Bearer ${e.token}` };
  let n = 0;
  const withAuth = [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: auth }) }];
  return [
    { name: "GET /livez (no database)", url: `${e.base}/livez`, requests: undefined },
    { name: "GET /api/v1/health", url: `${e.base}/api/v1/health`, requests: undefined },
    {
      name: "GET /api/v1/cron-monitors/{id}",
      url: `${e.base}/api/v1/cron-monitors/${e.monitorId}`,
      requests: withAuth,
    },
    { name: "GET /api/v1/cron-monitors?limit=50", url: `${e.base}/api/v1/cron-monitors?limit=50`, requests: withAuth },
    {
      name: "POST /api/v1/cron-monitors",
      url: `${e.base}/api/v1/cron-monitors`,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify({ name: `load ${n++}`, schedule_kind: "period", period_seconds: 3600 }),
          }),
        },
      ],
    },
  ];
}

async function measure(e: Engine): Promise<Result[][]> {
  const list = scenarios(e);
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
    const s = await seed(sqliteBase, async (text, params) => void file.prepare(text).run(...params));
    file.close();
    const client = new pg.Client({ connectionString: pair.pg.url });
    await client.connect();
    let i = 0;
    const p = await seed(
      pgBase,
      async (text, params) =>
        void (
          await client.query(
            text.replace(/\?/g, () => `$${++i}`),
            params,
          ),
          (i = 0)
        ),
    );
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
