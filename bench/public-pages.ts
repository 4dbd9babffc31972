// `npm run bench:public-pages`: a badge and a public status page over cron monitors that each carry 20
// recurring maintenance windows (hourly, the densest schedule allowed, 5-minute runs) and 90 days of
// their recorded runs, under load (autocannon, 30 connections), beside /livez of the same server, on
// SQLite and PostgreSQL. BENCH_ROUNDS interleaved rounds (default 3) of BENCH_SECONDS (default 5);
// medians, and the time of a first (uncached) answer, go to docs/performance.md ("public-pages").
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { dayMinutes, type Span } from "../src/server/domain/maintenance-days";
import { startEnginePair } from "./engine-pair";
import { apiPoster, load, machine, registerBenchUser, steal, summarize, writeSection, type Result } from "./lib";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 30;
const MONITORS = 10;
const WINDOWS = 20;
const DAY = 86_400_000;
/** A timestamp as both engines take it (SQLite's stored form). */
const iso = (d: Date) => d.toISOString().replace("Z", "+00:00");

type Sql = { run: (text: string, params: unknown[]) => Promise<void> };
type Engine = { name: string; base: string; port: number; slug: string; badge: string; cold: Cold };
type Cold = { page: number; badge: number; pageAgain: number; badgeAgain: number };

/** Minutes of the windows' runs: 10 slots an hour a minute apart (the most separate 5-minute runs), twice. */
const minuteOf = (i: number) => (i % 10) * 6;

/** What 90 days of sweeps would have recorded for one monitor: each day's runs of the 20 windows. */
function recordedDays(today: number): { day: string; minutes: string }[] {
  const out: { day: string; minutes: string }[] = [];
  for (let d = 90; d >= 1; d--) {
    const start = today - d * DAY;
    const runs: Span[] = [];
    for (let h = 0; h < 24; h++)
      for (let w = 0; w < WINDOWS; w++) {
        const a = start + h * 3_600_000 + minuteOf(w) * 60_000;
        runs.push([a, a + 5 * 60_000]);
      }
    const day = new Date(start).toISOString().slice(0, 10);
    out.push({ day, minutes: dayMinutes(day, runs) });
  }
  return out;
}

async function seed(base: string, sql: Sql): Promise<{ slug: string; badge: string; cold: Cold }> {
  const post = apiPoster(base);
  const { token } = await registerBenchUser(base);
  // Enterprise allows 100 recurring windows (Free 5): 20 per monitor here.
  await sql.run(`UPDATE organizations SET plan = 'enterprise'`, []);
  const ids: number[] = [];
  const today = Math.floor(Date.now() / DAY) * DAY;
  const days = recordedDays(today);
  for (let i = 0; i < MONITORS; i++) {
    const monitor = await post(
      "/cron-monitors",
      { name: `job ${i}`, schedule_kind: "cron", cron_expression: "*/5 * * * *" },
      token,
    );
    const id = monitor.data.id as number;
    ids.push(id);
    await sql.run(`UPDATE cron_monitors SET created_at = ? WHERE id = ?`, [iso(new Date(today - 91 * DAY)), id]);
    for (let k = 1; k <= 5; k++) {
      const opened = new Date(today - k * 15 * DAY + 3_600_000);
      await sql.run(
        `INSERT INTO incidents (org_id, cron_monitor_id, kind, status, reason, opened_at, resolved_at) VALUES (NULL, ?, 'missed', 'resolved', '', ?, ?)`,
        [id, iso(opened), iso(new Date(opened.getTime() + 3_600_000))],
      );
    }
    for (const d of days)
      await sql.run(`INSERT INTO monitor_maintenance_days (cron_monitor_id, day, minutes) VALUES (?, ?, ?)`, [
        id,
        d.day,
        d.minutes,
      ]);
  }
  for (let w = 0; w < WINDOWS; w++) {
    const made = await post(
      "/maintenance-windows",
      {
        title: `window ${w}`,
        schedule: `${minuteOf(w)} * * * *`,
        duration_minutes: 5,
        targets: { cron_monitor_ids: ids },
      },
      token,
    );
    if (!made.data) throw new Error(`window create failed: ${JSON.stringify(made)}`);
  }
  const slug = `bench-${crypto.randomUUID().slice(0, 8)}`;
  const page = await post(
    "/status-pages",
    { slug, title: "Bench status", components: ids.map((cron_monitor_id) => ({ cron_monitor_id })) },
    token,
  );
  if (!page.data) throw new Error(`status page create failed: ${JSON.stringify(page)}`);
  const badge = await post("/badges", { cron_monitor_id: ids[0] }, token);
  const badgeUrl = `${base}${new URL(badge.data.urls.svg).pathname}`;
  // A first answer is built from the database: how long that takes with all of the above.
  const timed = async (url: string) => {
    const t = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.headers.get("x-cache") !== "miss") throw new Error(`${url}: expected a first (built) answer`);
    return Math.round((performance.now() - t) * 10) / 10;
  };
  const first = { page: await timed(`${base}/status/${slug}.json`), badge: await timed(badgeUrl) };
  // A rebuild once the process is warm: a write of the organization drops both.
  const patched = await fetch(`${base}/api/v1/status-pages/${page.data.id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ description: "rebuilt" }),
  });
  if (patched.status !== 200) throw new Error(`status page edit failed: ${patched.status}`);
  const cold = {
    ...first,
    pageAgain: await timed(`${base}/status/${slug}.json`),
    badgeAgain: await timed(badgeUrl),
  };
  return { slug, badge: badgeUrl, cold };
}

async function measure(e: Engine): Promise<Result[][]> {
  const list = [
    { name: "GET /livez (no database)", url: `${e.base}/livez` },
    { name: "GET /badge/{key}.svg", url: e.badge },
    { name: `GET /status/{slug} (${MONITORS} monitors, HTML)`, url: `${e.base}/status/${e.slug}` },
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
  const results: { engine: string; cold: Cold; rows: ReturnType<typeof summarize>[] }[] = [];
  const stealFrom = steal.read();
  const loadFrom = os.loadavg()[0]!.toFixed(2);
  const pair = await startEnginePair("public-pages", [3930, 3931], { PROBE_EMBEDDED: "false" });
  try {
    const file = new Database(path.join(pair.sqliteDir, "lifeline.db"));
    const s = await seed(pair.sqlite.base, {
      run: async (text, params) => void file.prepare(text).run(...params),
    });
    file.close();
    const client = new pg.Client({ connectionString: pair.pg.url });
    await client.connect();
    const p = await seed(pair.pg.base, {
      run: async (text, params) => {
        let i = 0;
        await client.query(
          text.replace(/\?/g, () => `$${++i}`),
          params,
        );
      },
    });
    await client.end();
    const engines: Engine[] = [
      { name: "SQLite", base: pair.sqlite.base, port: pair.sqlite.port, ...s },
      { name: "PostgreSQL", base: pair.pg.base, port: pair.pg.port, ...p },
    ];
    for (const e of engines) results.push({ engine: e.name, cold: e.cold, rows: (await measure(e)).map(summarize) });
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
  const cold = results
    .map(
      (r) =>
        `${r.engine}: page ${r.cold.page} ms, badge ${r.cold.badge} ms the first time in the process; ${r.cold.pageAgain} ms and ${r.cold.badgeAgain} ms rebuilt after an edit`,
    )
    .join("; ");
  writeSection(
    "public-pages",
    `## Public pages and badges over dense maintenance windows (\`npm run bench:public-pages\`)

Measured ${new Date().toISOString().slice(0, 16)} UTC on ${machine()}; \`npm start\` (production build), autocannon with
${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s after a 2 s warm-up of each request; medians. An
Enterprise organization's ${MONITORS} cron monitors, each covered by ${WINDOWS} recurring maintenance windows (hourly, the densest
schedule allowed, 5-minute runs: 240 separate runs a day once merged) with 90 days of recorded runs (900 rows of
\`monitor_maintenance_days\`, a day's minutes as bits) and 5 incidents each; a badge of one monitor and a page of all ${MONITORS}.
**Host during the run: 1-minute load average ${loadFrom} at the start, ${loadTo} at the end; CPU steal ${stealPct ?? "?"}%;
the machine may be shared with other work (a load average above about 2 on 2 cores says it was)**
(read the ratios to \`/livez\` of the same server and round). \`/livez\` and the page and badge reads are
answered by \`npm start\`'s front without Next.

First answer of each (built from the database, \`X-Cache: miss\`): ${cold}.

| engine | request | req/s | share of /livez | p50 ms | p99 ms | non-2xx | errors |
|---|---|---|---|---|---|---|---|
${table}

A page's and a badge's answer come from the per-process cache (docs/api-status-pages.md "Cost of public reads"): no
schedule is expanded on a request, a rebuild reads at most one row per monitor and day of recorded runs, and public
reads take turns with pings (\`src/server/status-pages/public-turns.ts\`: at most one read of a kind per turn, turns a
millisecond apart while reads wait, so about 1,000 reads of a kind a second per process at most, and the 30 connections
on one URL wait in its queue: that wait is the p50). Target: badge p99 < 50 ms with 30 connections on the badge alone.`,
  );
  for (const r of results) console.table(r.rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
