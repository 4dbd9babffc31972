// `npm run bench:metrics`: the organization metrics (`GET /api/v1/metrics`, docs/api-metrics.md) of one
// organization with 10,000 cron monitors (5 runs each) and 1,000 services (30 days of hourly rollups,
// the current hour raw, one lane result each), on SQLite and on PostgreSQL (a throwaway durable
// cluster, bench/pg.ts). Per engine, in a child process of its own: a web process (`serve.ts
// --web-only`) on the seeded database, then the scrape in process (the statements and the
// OpenMetrics text; the first scrape reads the rollups, BENCH_ROUNDS steady ones follow, default 15)
// and over HTTP (the same rounds against the web process, with the owner's access token). Wall and
// CPU time to docs/performance.md ("metrics"); the target is under 200 ms. Every wait is bounded.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import nodeHttp from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import pg from "pg";
import { freshDataDir, machine, start, steal, stop, waitFor, writeSection } from "./lib";
import { startBenchPg } from "./pg";
import { freePort } from "../tests/support/ports";

const MONITORS = Number(process.env.BENCH_MONITORS ?? 10_000);
const SERVICES = Number(process.env.BENCH_SERVICES ?? 1_000);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 15), 200);
const HOUR = 3_600_000;
const ENGINES = ["sqlite", "postgresql"] as const;
type Engine = (typeof ENGINES)[number];
type Timing = { wall: number[]; cpu: number[] };
type EngineResult = {
  engine: Engine;
  bytes: number;
  gzipBytes: number;
  inProcess: Timing;
  http: Timing;
  httpGzip: Timing;
};
/** What Prometheus sends (its Accept header, and Accept-Encoding: gzip). */
const PROMETHEUS_ACCEPT =
  "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1";

/** CPU time (user + system, ms) a process has used so far, from /proc (10 ms ticks). */
function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15 of stat)
}

/**
 * The seed, one statement per table whatever the counts (generate_series on PostgreSQL, a recursive
 * CTE on SQLite): monitors every 3rd in a project, every 10th down, 5 runs each (run 1 of every 7th
 * failed); services every 2nd in a project, 721 hourly rollups each (every 50th hour one failure),
 * the current hour's minutes raw (every 30th down, the first with a certificate 40 days out).
 */
function seedSql(engine: Engine): string[] {
  const pgs = engine === "postgresql";
  /** The integers 0 .. n-1 as a table `alias(i)`. */
  const series = (n: string, alias: string) =>
    pgs
      ? `generate_series(0, ${n} - 1) AS ${alias}(i)`
      : `(WITH RECURSIVE g(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM g WHERE i + 1 < ${n}) SELECT i FROM g WHERE i < ${n}) ${alias}`;
  const at = (ms: string) =>
    pgs
      ? `to_timestamp((${ms}) / 1000.0) AT TIME ZONE 'UTC'`
      : `strftime('%Y-%m-%dT%H:%M:%f+00:00', (${ms}) / 1000.0, 'unixepoch')`;
  const bool = (e: string) => (pgs ? `(${e})` : `CASE WHEN ${e} THEN 1 ELSE 0 END`);
  const minutes = "CAST(($now - $current) / 60000 AS INTEGER)";
  return [
    `INSERT INTO cron_monitors (org_id, project_id, name, schedule_kind, period_seconds, state, last_ping_at, ping_token, created_at, updated_at)
      SELECT $org, CASE WHEN i % 3 = 0 THEN $project END, 'job ' || i, 'period', 3600, CASE WHEN i % 10 = 0 THEN 'down' ELSE 'up' END,
        ${at("$now - (i % 60) * 60000.0")}, 'tok' || i || '-' || $salt, ${at("$now")}, ${at("$now")} FROM ${series("$monitors", "g")}`,
    `INSERT INTO cron_runs (monitor_id, rid, status, started_at, finished_at, duration_ms, created_at)
      SELECT m.id, 'rid-' || r.i, CASE WHEN r.i = 1 AND m.id % 7 = 0 THEN 'fail' ELSE 'success' END,
        ${at("$now - r.i * 3600000.0 - (m.id % 60) * 1000.0")}, ${at("$now - r.i * 3600000.0 - (m.id % 60) * 1000.0 + 1500")}, 1500, ${at("$now")}
      FROM cron_monitors m CROSS JOIN ${series("5", "r")} WHERE m.org_id = $org`,
    `INSERT INTO services (user_id, project_id, name, type, enabled, interval, config, status, created_at, updated_at)
      SELECT $user, CASE WHEN i % 2 = 1 THEN $project END, 'service ' || i, 'http', ${bool("1 = 1")}, 60, '{}', 'operational', ${at("$now")}, ${at("$now")} FROM ${series("$services", "g")}`,
    `INSERT INTO service_lanes (service_id, lane, due_at, outcome, response_time_ms, result_at)
      SELECT id, 0, ${at("$now")}, 'up', 123, ${at("$now")} FROM services WHERE user_id = $user`,
    `INSERT INTO check_rollups (service_id, hour, total, successful, response_sum_ms, response_max_ms)
      SELECT s.id, ${at("$current - (h.i + 1) * 3600000.0")}, 60, CASE WHEN (h.i + 1) % 50 = 0 THEN 59 ELSE 60 END, 6000, 200
      FROM services s CROSS JOIN ${series("721", "h")} WHERE s.user_id = $user`,
    `INSERT INTO check_results (service_id, probe_id, started_at, up, response_time_ms, certificate_days_left)
      SELECT s.id, $probe, ${at("$current + m.i * 60000.0")}, ${bool("m.i % 30 <> 0")}, 100, CASE WHEN m.i = 0 THEN 40 END
      FROM services s CROSS JOIN ${series(minutes, "m")} WHERE s.user_id = $user`,
  ];
}

/** `$name` placeholders filled with literals (numbers only: no quoting needed). */
const fill = (sql: string, values: Record<string, number | string>) =>
  sql.replace(/\$([a-z]+)/g, (_, k: string) => String(values[k]));

/** Seeds the organization `slug` (the user's default one); answers its id. */
async function seed(engine: Engine, databaseUrl: string, slug: string, userId: number, now: number): Promise<number> {
  const current = Math.floor(now / HOUR) * HOUR;
  const watermark = JSON.stringify({ through: new Date(current).toISOString(), at: new Date(now).toISOString() });
  const nowText = new Date(now).toISOString();
  if (engine === "sqlite") {
    const db = new Database(databaseUrl.slice("file:".length));
    const orgId = Number((db.prepare(`SELECT id FROM organizations WHERE slug = ?`).get(slug) as { id: number }).id);
    db.transaction(() => {
      const project = Number(
        db
          .prepare(
            `INSERT INTO projects (user_id, name, name_key, created_at, updated_at) VALUES (?, 'Bench "jobs"', 'bench "jobs"', ?, ?)`,
          )
          .run(userId, nowText, nowText).lastInsertRowid,
      );
      const probe = Number(
        db
          .prepare(
            `INSERT INTO probes (kind, name, location, token_hash, created_at, updated_at) VALUES ('platform', 'bench', '', ?, ?, ?)`,
          )
          .run(crypto.randomUUID(), nowText, nowText).lastInsertRowid,
      );
      const values = {
        org: orgId,
        user: userId,
        project,
        probe,
        now,
        current,
        monitors: MONITORS,
        services: SERVICES,
        salt: 1,
      };
      for (const sql of seedSql(engine)) db.exec(fill(sql, values));
      db.prepare(
        `INSERT INTO system_status (key, value, updated_at) VALUES ('check_rollups', ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      ).run(watermark, nowText);
    })();
    db.exec("ANALYZE");
    db.close();
    return orgId;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orgId = Number((await client.query(`SELECT id FROM organizations WHERE slug = $1`, [slug])).rows[0].id);
    await client.query("BEGIN");
    const project = (
      await client.query(
        `INSERT INTO projects (user_id, name, name_key, created_at, updated_at) VALUES ($1, 'Bench "jobs"', 'bench "jobs"', now(), now()) RETURNING id`,
        [userId],
      )
    ).rows[0].id;
    const probe = (
      await client.query(
        `INSERT INTO probes (kind, name, location, token_hash, created_at, updated_at) VALUES ('platform', 'bench', '', $1, now(), now()) RETURNING id`,
        [crypto.randomUUID()],
      )
    ).rows[0].id;
    const values = {
      org: orgId,
      user: userId,
      project,
      probe,
      now,
      current,
      monitors: MONITORS,
      services: SERVICES,
      salt: 1,
    };
    for (const sql of seedSql(engine)) await client.query(fill(sql, values));
    await client.query(
      `INSERT INTO system_status (key, value, updated_at) VALUES ('check_rollups', $1, now()) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [watermark],
    );
    await client.query("COMMIT");
    await client.query("VACUUM ANALYZE");
    return orgId;
  } finally {
    await client.end();
  }
}

/**
 * One scrape over HTTP, as Prometheus makes it: its Accept header, and with `gzip` its
 * Accept-Encoding: gzip, the body read whole then gunzipped at once (as a Go client does; Node's
 * fetch would decompress it through a stream several times slower). Answers the text and the
 * bytes on the wire.
 */
function scrapeOverHttp(url: string, token: string, gzip: boolean): Promise<{ text: string; wireBytes: number }> {
  return new Promise((resolve, reject) => {
    const headers = {
      authorization: `Bearer ${token}`,
      accept: PROMETHEUS_ACCEPT,
      "accept-encoding": gzip ? "gzip" : "identity",
    };
    const req = nodeHttp.get(url, { headers, timeout: 60_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const gzipped = res.headers["content-encoding"] === "gzip";
        if (gzip !== gzipped)
          return reject(
            new Error(`scrape: asked gzip ${gzip}, got content-encoding ${res.headers["content-encoding"]}`),
          );
        const text = (gzipped ? zlib.gunzipSync(body) : body).toString("utf8");
        if (res.statusCode !== 200 || !text.endsWith("# EOF\n"))
          return reject(new Error(`scrape: ${res.statusCode} ${text.slice(0, 300)}`));
        resolve({ text, wireBytes: body.length });
      });
    });
    req.on("timeout", () => req.destroy(new Error("scrape: timed out")));
    req.on("error", reject);
  });
}

/** One engine, in this process: a web process on a fresh seeded database, then the scrapes. */
async function runEngine(engine: Engine): Promise<EngineResult> {
  const dataDir = freshDataDir(`metrics-${engine}`);
  const pgServer = engine === "postgresql" ? await startBenchPg("bench_metrics") : null;
  const databaseUrl = pgServer?.url ?? `file:${path.join(dataDir, "lifeline.db")}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // serve.ts itself (not start.mjs): REST answers come from the sources, not the Next build.
  const web = start(["--import", "tsx", "scripts/serve.ts", "--web-only"], {
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    APP_SECRET: crypto.randomBytes(32).toString("hex"),
    LOG_LEVEL: "warn",
  });
  try {
    await waitFor(`${base}/livez`, 300_000);
    const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const reg = await fetch(`${base}/api/v1/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "correct horse battery" }),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const { access, user } = (await reg.json()).data;
    const me = (
      await (await fetch(`${base}/api/v1/auth/me`, { headers: { authorization: `Bearer ${access}` } })).json()
    ).data;
    const now = Date.now();
    const seededAt = performance.now();
    const orgId = await seed(engine, databaseUrl, me.default_org.slug, user.id, now);
    console.error(
      `${engine}: seeded ${MONITORS} monitors, ${SERVICES} services in ${Math.round(performance.now() - seededAt)} ms`,
    );

    // In process: this process's own store on the same database.
    process.env.DATA_DIR = dataDir;
    process.env.DATABASE_URL = databaseUrl;
    const { orgMetrics } = await import("../src/server/services/uptime/org-metrics");
    const { expositionBytes } = await import("../src/server/domain/exposition");
    const inProcess: Timing = { wall: [], cpu: [] };
    let bytes = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      bytes = expositionBytes(await orgMetrics(orgId), true).length;
      const used = process.cpuUsage(cpuStarted);
      inProcess.wall.push(performance.now() - started);
      inProcess.cpu.push((used.user + used.system) / 1000);
    }
    // Over HTTP, gzipped (as Prometheus asks) and not, alternately: the web process's first scrape
    // reads the rollups too. CPU: the web process's own.
    const http: Timing = { wall: [], cpu: [] };
    const httpGzip: Timing = { wall: [], cpu: [] };
    let gzipBytes = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      for (const gzip of round % 2 === 0 ? [true, false] : [false, true]) {
        const into = gzip ? httpGzip : http;
        const cpuBefore = processCpuMs(web.pid!);
        const started = performance.now();
        const { wireBytes } = await scrapeOverHttp(`${base}/api/v1/metrics`, access, gzip);
        into.wall.push(performance.now() - started);
        into.cpu.push(processCpuMs(web.pid!) - cpuBefore);
        if (gzip) gzipBytes = wireBytes;
      }
    }
    return { engine, bytes, gzipBytes, inProcess, http, httpGzip };
  } finally {
    stop(web);
    await new Promise((r) => setTimeout(r, 1000));
    await pgServer?.stop();
    if (process.env.BENCH_KEEP) console.error(dataDir);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs one engine's bench in a child process (each engine's store is a per-process singleton). */
function runChild(engine: Engine): Promise<EngineResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/metrics.ts"], {
      env: { ...process.env, BENCH_ENGINE: engine },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30 * 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const line = out.split("\n").find((l) => l.startsWith("RESULT "));
      if (code === 0 && line) resolve(JSON.parse(line.slice("RESULT ".length)));
      else reject(new Error(`${engine} bench failed (${code}): ${out.slice(-2000)}`));
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const name = (e: Engine) => (e === "sqlite" ? "SQLite" : "PostgreSQL");

function rows(r: EngineResult): string[] {
  const [coldWall, ...wall] = r.inProcess.wall;
  const [coldCpu, ...cpu] = r.inProcess.cpu;
  const size = `${Math.round(r.bytes / 1024).toLocaleString("en")} KiB`;
  const counts = `${MONITORS.toLocaleString("en")} | ${SERVICES.toLocaleString("en")}`;
  const overHttp = (where: string, body: string, t: Timing, first: boolean) => {
    const [cold, ...steady] = t.wall;
    const [coldCpu, ...steadyCpu] = t.cpu;
    const firstScrape = first ? `${ms(cold!)} (server CPU ${ms(coldCpu!)})` : "(the second scrape)";
    return `| ${name(r.engine)} | ${where} | ${counts} | ${body} | ${ms(median(steady))} (server CPU ${ms(median(steadyCpu))}) | ${ms(Math.max(...steady))} | ${firstScrape} |`;
  };
  return [
    `| ${name(r.engine)} | in process | ${counts} | ${size} | ${ms(median(wall))} (CPU ${ms(median(cpu))}) | ${ms(Math.max(...wall))} | ${ms(coldWall!)} (CPU ${ms(coldCpu!)}) |`,
    overHttp(
      "HTTP, gzip (as Prometheus asks)",
      `${size} (${Math.round(r.gzipBytes / 1024).toLocaleString("en")} KiB sent)`,
      r.httpGzip,
      true,
    ),
    overHttp("HTTP, uncompressed", size, r.http, false),
  ];
}

async function main() {
  const only = process.env.BENCH_ENGINE as Engine | undefined;
  if (only) {
    const result = await runEngine(only);
    console.log(`RESULT ${JSON.stringify(result)}`);
    process.exit(0);
  }
  const stolen = steal.read();
  const load = os.loadavg()[0]!.toFixed(1);
  const results: EngineResult[] = [];
  const minutes: string[] = [];
  for (const engine of ENGINES) {
    minutes.push(String(new Date().getUTCMinutes()));
    results.push(await runChild(engine));
    console.log(rows(results.at(-1)!).join("\n"));
  }
  const loadAfter = os.loadavg()[0]!.toFixed(1);
  writeSection(
    "metrics",
    [
      "## Organization metrics scrape (`npm run bench:metrics`)",
      "",
      `One organization: ${MONITORS.toLocaleString("en")} cron monitors (5 runs each), ${SERVICES.toLocaleString("en")} services (30 days of hourly rollups, the current hour raw, one lane result each), the OpenMetrics text. In process: the statements and the text, as the route computes them; HTTP: \`GET /api/v1/metrics\` from a web process (\`serve.ts --web-only\`) on the same machine with Prometheus' Accept header, alternately with \`Accept-Encoding: gzip\` as Prometheus sends it (the body gunzipped at once, as a Go client does) and without, body read; the server CPU time is the web process's, from /proc in 10 ms ticks (gzip runs on its thread pool). ${ROUNDS} steady rounds after the first scrape (which reads the rollups; later ones reuse their sums until the sweeper writes rollups again). PostgreSQL: a throwaway durable cluster on the same machine. The raw part of the uptime grows through the hour (up to 60 checks per service before the sweeper rolls it up): run at minutes ${minutes.join(" and ")} of the hour. Target: under 200 ms.`,
      "",
      `Machine: ${machine()}; ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC. Measured while the machine was shared with other work (load average ${load} at the start, ${loadAfter} at the end, on ${os.cpus().length} cores, CPU steal ${steal.percentSince(stolen) ?? "?"}%): wall times are inflated by waiting for a core; the CPU time is the scrape's own cost.`,
      "",
      "| engine | where | monitors | services | body | steady median | steady worst | first scrape (rollups read) |",
      "|---|---|---|---|---|---|---|---|",
      ...results.flatMap(rows),
    ].join("\n"),
  );
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
