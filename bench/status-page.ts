// `npm run bench:status-page`: a public status page of 50 components (25 services with 90 days of
// hourly rollups, 25 cron monitors with incidents) under load (autocannon, 20 connections), beside
// /livez of the same server, on SQLite and PostgreSQL. BENCH_ROUNDS interleaved rounds (default 3)
// of BENCH_SECONDS (default 5); medians and ratios to /livez go to docs/performance.md ("status-page").
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { startEnginePair } from "./engine-pair";
import { apiPoster, load, machine, registerBenchUser, steal, summarize, writeSection, type Result } from "./lib";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
const HOURS = 90 * 24;

type Sql = {
  run: (text: string, params: unknown[]) => Promise<void>;
  rollups: (serviceId: number, rows: [string, number, number][]) => Promise<void>;
};
type Engine = { name: string; base: string; port: number; slug: string };

async function seed(base: string, sql: Sql): Promise<string> {
  const post = apiPoster(base);
  const { token } = await registerBenchUser(base);
  await sql.run(`UPDATE organizations SET plan = 'enterprise'`, []);
  const components: Record<string, unknown>[] = [];
  const now = Date.now();
  const hourStart = Math.floor(now / 3_600_000) * 3_600_000;
  for (let i = 0; i < 25; i++) {
    const service = await post(
      "/services",
      { name: `service ${i}`, type: "http", config: { url: "https://example.com/health" } },
      token,
    );
    const rows: [string, number, number][] = [];
    for (let h = 1; h <= HOURS; h++)
      rows.push([new Date(hourStart - h * 3_600_000).toISOString().replace("Z", "+00:00"), 60, h % 97 === 0 ? 50 : 60]);
    await sql.rollups(service.data.id, rows);
    components.push({ service_id: service.data.id, group: "Services" });
    const monitor = await post(
      "/cron-monitors",
      { name: `job ${i}`, schedule_kind: "cron", cron_expression: "*/5 * * * *" },
      token,
    );
    for (let k = 1; k <= 5; k++) {
      const opened = new Date(now - k * 15 * 86_400_000);
      await sql.run(
        `INSERT INTO incidents (org_id, cron_monitor_id, kind, status, reason, opened_at, resolved_at) VALUES (NULL, ?, 'missed', 'resolved', '', ?, ?)`,
        [
          monitor.data.id,
          opened.toISOString().replace("Z", "+00:00"),
          new Date(opened.getTime() + 3_600_000).toISOString().replace("Z", "+00:00"),
        ],
      );
    }
    components.push({ cron_monitor_id: monitor.data.id, group: "Jobs" });
  }
  const slug = `bench-${crypto.randomUUID().slice(0, 8)}`;
  const page = await post("/status-pages", { slug, title: "Bench status", components }, token);
  if (!page.data) throw new Error(`status page create failed: ${JSON.stringify(page)}`);
  return slug;
}

async function measure(e: Engine): Promise<Result[][]> {
  const list = [
    { name: "GET /livez (no database)", url: `${e.base}/livez` },
    { name: "GET /status/{slug} (50 components, HTML)", url: `${e.base}/status/${e.slug}` },
    { name: "GET /status/{slug}.json", url: `${e.base}/status/${e.slug}.json` },
  ];
  const rounds: Result[][] = list.map(() => []);
  for (const sc of list) await load("warm-up", { url: sc.url, duration: 2, connections: CONNECTIONS }, e.port);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, sc] of list.entries())
      rounds[k]!.push(await load(sc.name, { url: sc.url, duration: DURATION, connections: CONNECTIONS }, e.port));
  }
  return rounds;
}

async function main() {
  const results: { engine: string; rows: ReturnType<typeof summarize>[] }[] = [];
  const stealFrom = steal.read();
  const loadFrom = os.loadavg()[0]!.toFixed(2);
  const pair = await startEnginePair("status-page", [3920, 3921], { PROBE_EMBEDDED: "false" });
  try {
    const { base: sqliteBase, port: sqlitePort } = pair.sqlite;
    const { base: pgBase, port: pgPort } = pair.pg;
    const file = new Database(path.join(pair.sqliteDir, "lifeline.db"));
    const insertRollup = file.prepare(
      `INSERT INTO check_rollups (service_id, hour, total, successful, response_sum_ms, response_max_ms) VALUES (?, ?, ?, ?, 0, 0)`,
    );
    const s = await seed(sqliteBase, {
      run: async (text, params) => void file.prepare(text).run(...params),
      rollups: async (id, rows) =>
        file.transaction(() => rows.forEach(([hour, total, ok]) => insertRollup.run(id, hour, total, ok)))(),
    });
    file.close();
    const client = new pg.Client({ connectionString: pair.pg.url });
    await client.connect();
    const p = await seed(pgBase, {
      run: async (text, params) => {
        let i = 0;
        await client.query(
          text.replace(/\?/g, () => `$${++i}`),
          params,
        );
      },
      rollups: async (id, rows) =>
        void (await client.query(
          `INSERT INTO check_rollups (service_id, hour, total, successful, response_sum_ms, response_max_ms)
           SELECT $1, h::timestamptz AT TIME ZONE 'UTC', t, o, 0, 0 FROM unnest($2::text[], $3::int[], $4::int[]) AS x(h, t, o)`,
          [id, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
        )),
    });
    await client.end();
    const engines: Engine[] = [
      { name: "SQLite", base: sqliteBase, port: sqlitePort, slug: s },
      { name: "PostgreSQL", base: pgBase, port: pgPort, slug: p },
    ];
    for (const e of engines) results.push({ engine: e.name, rows: (await measure(e)).map(summarize) });
  } finally {
    await pair.stop();
  }
  const stealPct = steal.percentSince(stealFrom);
  const loadTo = os.loadavg()[0]!.toFixed(2);
  const table = results
    .flatMap(({ engine, rows }) =>
      rows.map(
        (r) =>
          `| ${engine} | ${r.name} | ${r.rps} | ${(r.rps / rows[0]!.rps).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`,
      ),
    )
    .join("\n");
  writeSection(
    "status-page",
    `## Public status page (\`npm run bench:status-page\`)

Measured ${new Date().toISOString().slice(0, 16)} UTC on ${machine()}; \`npm start\` (production build), autocannon with
${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s after a 2 s warm-up of each request; medians. One page
of 50 components: 25 services with 90 days of hourly rollups (2,160 rows each) and 25 cron monitors with 5 incidents each.
**Host during the run: 1-minute load average ${loadFrom} at the start, ${loadTo} at the end; CPU steal ${stealPct ?? "?"}%**
(read the ratios to \`/livez\` of the same server and round). The page's data is cached per process (docs/api-status-pages.md):
a request reads the database at most once per 5 s per page (one statement), and rebuilds the data at most once a minute.

| engine | request | req/s | share of /livez | p50 ms | p99 ms | non-2xx | errors |
|---|---|---|---|---|---|---|---|
${table}

Targets: the page at least 0.50 of /livez, p99 < 100 ms, on both engines.`,
  );
  for (const r of results) console.table(r.rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
