// `npm run bench:metrics`: the organization metrics (`GET /api/v1/metrics`, docs/api-metrics.md) of one
// organization with 10,000 cron monitors (5 runs each) and 1,000 services (30 days of hourly rollups,
// the last hour raw, one lane result each), on SQLite: the four statements and the exposition, in
// process (no HTTP): the first scrape (reads the rollups) and BENCH_ROUNDS steady ones (default 15),
// wall and CPU time, to docs/performance.md ("metrics"); the target is under 200 ms.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { freshDataDir, machine, steal, writeSection } from "./lib";

const MONITORS = Number(process.env.BENCH_MONITORS ?? 10_000);
const SERVICES = Number(process.env.BENCH_SERVICES ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const HOUR = 3_600_000;
const t = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

function seed(file: string, now: number): number {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const at = t(now);
  const orgId = db.transaction(() => {
    const org = Number(db.prepare(`INSERT INTO organizations (slug, name, plan, created_at) VALUES ('bench', 'bench', 'enterprise', ?)`).run(at).lastInsertRowid);
    const user = Number(db.prepare(`INSERT INTO users (email, password_hash, default_org_id, created_at, updated_at) VALUES ('bench@example.com', 'x', ?, ?, ?)`).run(org, at, at).lastInsertRowid);
    const project = Number(db.prepare(`INSERT INTO projects (user_id, name, name_key, created_at, updated_at) VALUES (?, 'Bench "jobs"', 'bench "jobs"', ?, ?)`).run(user, at, at).lastInsertRowid);
    const monitor = db.prepare(`INSERT INTO cron_monitors (org_id, project_id, name, schedule_kind, period_seconds, state, last_ping_at, ping_token, created_at, updated_at)
      VALUES (?, ?, ?, 'period', 3600, ?, ?, ?, ?, ?)`);
    const run = db.prepare(`INSERT INTO cron_runs (monitor_id, rid, status, started_at, finished_at, duration_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    for (let i = 0; i < MONITORS; i++) {
      const id = Number(monitor.run(org, i % 3 === 0 ? project : null, `job ${i}`, i % 10 === 0 ? "down" : "up", t(now - (i % 60) * 60_000), `tok${String(i).padStart(40, "0")}`, at, at).lastInsertRowid);
      for (let r = 0; r < 5; r++) {
        const started = now - r * HOUR - (i % 60) * 1000;
        run.run(id, `rid-${r}`, r === 1 && i % 7 === 0 ? "fail" : "success", t(started), t(started + 1500), 1500, at);
      }
    }
    const service = db.prepare(`INSERT INTO services (user_id, project_id, name, type, enabled, interval, config, status, created_at, updated_at) VALUES (?, ?, ?, 'http', 1, 60, '{}', 'operational', ?, ?)`);
    const lane = db.prepare(`INSERT INTO service_lanes (service_id, lane, due_at, outcome, response_time_ms, result_at) VALUES (?, 0, ?, 'up', 123, ?)`);
    const rollup = db.prepare(`INSERT INTO check_rollups (service_id, hour, total, successful, response_sum_ms, response_max_ms) VALUES (?, ?, 60, ?, 6000, 200)`);
    const result = db.prepare(`INSERT INTO check_results (service_id, probe_id, started_at, up, response_time_ms, certificate_days_left) VALUES (?, 1, ?, ?, 100, ?)`);
    const current = Math.floor(now / HOUR) * HOUR;
    for (let i = 0; i < SERVICES; i++) {
      const id = Number(service.run(user, i % 2 ? project : null, `service ${i}`, at, at).lastInsertRowid);
      lane.run(id, at, at);
      for (let h = 1; h <= 30 * 24 + 1; h++) rollup.run(id, t(current - h * HOUR), h % 50 === 0 ? 59 : 60);
      for (let m = 0; m < Math.floor((now - current) / 60_000); m++) result.run(id, t(current + m * 60_000), m % 30 === 0 ? 0 : 1, m === 0 ? 40 : null);
    }
    db.prepare(`INSERT INTO system_status (key, value, updated_at) VALUES ('check_rollups', ?, ?)`).run(JSON.stringify({ through: new Date(current).toISOString(), at: new Date(now).toISOString() }), at);
    return org;
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.exec("ANALYZE");
  db.close();
  return orgId;
}

async function main() {
  const dir = freshDataDir("metrics");
  process.env.DATA_DIR = dir;
  process.env.DATABASE_URL = `file:${path.join(dir, "lifeline.db")}`;
  const { migrate } = await import("../src/server/migrate");
  await migrate(process.env.DATABASE_URL);
  const now = Date.now();
  const seededAt = performance.now();
  const orgId = seed(path.join(dir, "lifeline.db"), now);
  console.log(`seeded ${MONITORS} monitors, ${SERVICES} services in ${Math.round(performance.now() - seededAt)} ms`);
  const { orgMetrics } = await import("../src/server/services/org-metrics");
  const { exposition } = await import("../src/server/domain/exposition");
  const stolen = steal.read();
  let bytes = 0;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    bytes = exposition(await orgMetrics(orgId), true).length;
    const used = process.cpuUsage(cpuStarted);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  // Round 0 is the first scrape: statements prepared, the 30 days of rollups read. The rounds after it
  // are steady scrapes: the rollup sums are kept until the sweeper writes rollups again.
  const [coldWall, coldCpu] = [wall.shift()!, cpu.shift()!];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const line = `| SQLite | ${MONITORS.toLocaleString("en")} | ${SERVICES.toLocaleString("en")} | ${Math.round(bytes / 1024).toLocaleString("en")} KiB | ${ms(median(wall))} (CPU ${ms(median(cpu))}) | ${ms(Math.max(...wall))} | ${ms(coldWall)} (CPU ${ms(coldCpu)}) |`;
  console.log(line);
  const load = os.loadavg()[0]!.toFixed(1);
  writeSection("metrics", [
    "## Organization metrics scrape (`npm run bench:metrics`)",
    "",
    `One organization: ${MONITORS.toLocaleString("en")} cron monitors (5 runs each), ${SERVICES.toLocaleString("en")} services (30 days of hourly rollups, the current hour raw, one lane result each). The statements and the OpenMetrics text, in process (no HTTP), ${ROUNDS} steady rounds after the first scrape. Target: under 200 ms.`,
    "",
    `Machine: ${machine()}. Measured while the machine was shared with other work (load average ${load} on ${os.cpus().length} cores, CPU steal ${steal.percentSince(stolen) ?? "?"}%): wall times are inflated by waiting for a core; the CPU time is the scrape's own cost.`,
    "",
    "| engine | monitors | services | body | steady median | steady worst | first scrape (rollups read) |",
    "|---|---|---|---|---|---|---|",
    line,
  ].join("\n"));
  if (process.env.BENCH_KEEP) console.log(dir); else fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
