// `tsx bench/service-metrics.ts [sqlite|postgresql]`: how fast `GET /services/{id}/metrics/uptime?period=90d`
// answers for a service checked every minute for 90 days (129,600 results), after the sweeper has
// rolled them up and deleted the raw results past the 14-day retention, as in production. Prints the
// latency (p50/p99) of the statements alone (in process, no HTTP) and of the REST request (autocannon
// against `npm start` on 127.0.0.1, one connection, then 10). Short and bounded: a few seconds of load.
import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import pg from "pg";
import { apiPoster, freshDataDir, machine, registerBenchUser, start, stop, waitFor } from "./lib";
import { startBenchPg } from "./pg";

const MINUTE = 60_000;
const RESULTS = 90 * 24 * 60;

export type UptimeBench = {
  engine: "sqlite" | "postgresql";
  results: number;
  rollupRows: number;
  rawRowsKept: number;
  statementsP50Ms: number;
  statementsP99Ms: number;
  http: { connections: number; rps: number; p50: number; p99: number; non2xx: number }[];
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/**
 * Seeds one service with a result every minute over 90 days on a fresh database, rolls them up with
 * the real sweeper, then times the 90-day uptime: in process (the service function, two statements)
 * and over HTTP. `seconds` of load per autocannon run.
 */
export async function benchUptime90d(
  opts: { engine?: "sqlite" | "postgresql"; seconds?: number; port?: number } = {},
): Promise<UptimeBench> {
  const engine = opts.engine ?? "sqlite";
  const seconds = opts.seconds ?? 3;
  const port = opts.port ?? 3920;
  const dataDir = freshDataDir("metrics");
  const pgServer = engine === "postgresql" ? await startBenchPg("bench_metrics") : null;
  const databaseUrl = pgServer ? pgServer.url : `file:${path.join(dataDir, "lifeline.db")}`;
  const base = `http://127.0.0.1:${port}`;
  const web = start(["scripts/start.mjs", "--web-only"], {
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    APP_SECRET: crypto.randomBytes(32).toString("hex"),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    APP_URL: base,
  });
  try {
    await waitFor(`${base}/livez`);
    const post = apiPoster(base);
    const { token, userId } = await registerBenchUser(base);
    const created = await post(
      "/services",
      { name: "every minute", type: "http", config: { url: "https://example.com/" }, enabled: false },
      token,
    );
    const serviceId: number = created.data.id;
    const now = Date.now();

    // Results: one a minute for 90 days, one in 500 failed; then sweeps until every closed hour is rolled up.
    let counts: { rollupRows: number; rawRowsKept: number };
    process.env.DATA_DIR = dataDir;
    process.env.DATABASE_URL = databaseUrl;
    if (engine === "sqlite") {
      const db = new Database(path.join(dataDir, "lifeline.db"));
      db.pragma("journal_mode = WAL");
      const insert = db.prepare(
        `INSERT INTO check_results (service_id, probe_id, slot, started_at, up, response_time_ms) VALUES (?, 1, ?, ?, ?, ?)`,
      );
      db.transaction(() => {
        for (let k = 0; k < RESULTS; k++)
          insert.run(
            serviceId,
            k,
            new Date(now - k * MINUTE).toISOString().replace("Z", "+00:00"),
            k % 500 === 0 ? 0 : 1,
            80 + (k % 40),
          );
      })();
      const { sweeperOn } = await import("../src/server/sweep/open");
      await sweepUntilRolledUp(() => sweeperOn({ kind: "sqlite", db }).sweep(new Date()));
      counts = {
        rollupRows: (db.prepare(`SELECT COUNT(*) AS n FROM check_rollups`).get() as { n: number }).n,
        rawRowsKept: (db.prepare(`SELECT COUNT(*) AS n FROM check_results`).get() as { n: number }).n,
      };
      db.close();
    } else {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(
        `INSERT INTO check_results (service_id, probe_id, slot, started_at, up, response_time_ms)
         SELECT $1, 1, k, to_timestamp($2::double precision / 1000 - k * 60) AT TIME ZONE 'UTC', k % 500 <> 0, 80 + k % 40
         FROM generate_series(0, $3 - 1) k`,
        [serviceId, now, RESULTS],
      );
      await client.query(`ANALYZE check_results`);
      const { openPgPool } = await import("../src/server/storage/postgres/pool");
      const { sweeperOn } = await import("../src/server/sweep/open");
      const pool = openPgPool(databaseUrl, 2);
      await sweepUntilRolledUp(() => sweeperOn({ kind: "postgresql", pool }).sweep(new Date()));
      await pool.end();
      counts = {
        rollupRows: Number((await client.query(`SELECT COUNT(*) AS n FROM check_rollups`)).rows[0].n),
        rawRowsKept: Number((await client.query(`SELECT COUNT(*) AS n FROM check_results`)).rows[0].n),
      };
      await client.end();
    }

    // The statements alone: the service function in this process, 300 times after 50 warm-up calls.
    const metrics = await import("../src/server/services/uptime/service-metrics");
    const times: number[] = [];
    for (let i = 0; i < 350; i++) {
      const t = performance.now();
      const u = await metrics.uptime(userId, serviceId, "90d");
      if (i >= 50) times.push(performance.now() - t);
      if (i === 0 && u.total_checks < RESULTS - 120) throw new Error(`unexpected total ${u.total_checks}`);
    }
    times.sort((a, b) => a - b);

    const url = `${base}/api/v1/services/${serviceId}/metrics/uptime?period=90d`;
    const headers = { authorization: `Bearer ${token}` };
    await autocannon({ url, headers, connections: 1, duration: 1 } as autocannon.Options); // warm-up
    const http: UptimeBench["http"] = [];
    for (const connections of [1, 10]) {
      const r = await autocannon({ url, headers, connections, duration: seconds } as autocannon.Options);
      http.push({
        connections,
        rps: Math.round(r["2xx"] / seconds),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
      });
    }
    return {
      engine,
      results: RESULTS,
      ...counts,
      statementsP50Ms: Math.round(percentile(times, 0.5) * 100) / 100,
      statementsP99Ms: Math.round(percentile(times, 0.99) * 100) / 100,
      http,
    };
  } finally {
    stop(web);
    // This process's own pool (the in-process reads) goes before the cluster does.
    await (await import("../src/server/storage/engine")).closeProcessConnections();
    await new Promise((r) => setTimeout(r, 500));
    await pgServer?.stop();
  }
}

async function sweepUntilRolledUp(sweep: () => Promise<{ counts: { rollup_rows: number } }>) {
  for (let i = 0; i < 20; i++) if ((await sweep()).counts.rollup_rows === 0) return;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const engine = process.argv[2] === "postgresql" ? "postgresql" : "sqlite";
  benchUptime90d({ engine })
    .then((r) => {
      console.log(`${machine()}`);
      console.log(
        `${r.engine}: ${r.results} results over 90 days -> ${r.rollupRows} hourly rollups + ${r.rawRowsKept} raw results kept (14 days)`,
      );
      console.log(`uptime?period=90d, statements in process: p50 ${r.statementsP50Ms} ms, p99 ${r.statementsP99Ms} ms`);
      for (const h of r.http)
        console.log(
          `uptime?period=90d over HTTP, ${h.connections} connection(s): ${h.rps} req/s, p50 ${h.p50} ms, p99 ${h.p99} ms, non-2xx ${h.non2xx}`,
        );
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
