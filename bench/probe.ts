// `npm run bench:probe`: one probe process checks 10,000 services at a 60 s interval (about 167
// checks/s) against a local HTTP target. Lifeline runs as `npm start --web-only` on SQLite (no
// embedded probe or sweeper: the probe under test is the only one); the probe is `scripts/probe.ts`.
// Reports checks/s sustained, start lag p50/p99 (due instant to start), the probe's RSS, and the web
// process's CPU per result batch and per lease call. Then `GET /services/{id}/metrics/uptime?period=90d`
// for a service checked every minute for 90 days (bench/service-metrics.ts), on SQLite and PostgreSQL.
// Results go to docs/performance.md ("probe").
//
// `npm run bench:probe -- --mixed`: the same probe over services of every type but browser (http,
// tcp, dns, tls, grpc and ping in turn, each against its own loopback target: an HTTP server, an
// HTTPS server, a DNS server, a gRPC health server, 127.0.0.1) plus BENCH_BROWSERS (default 50)
// browser checks of a local page in the host's Chromium. Reports checks/s, start lag and the down
// results per type; the 90-day uptime part is skipped. It writes docs/performance.md
// ("probe-mixed") only with BENCH_RECORD=1; on a machine other work shares, BENCH_SHARED=1 says so
// in the recorded section (its figures are then a floor, not the probe's capacity).
import { execSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import type { StatsLine } from "../src/probe/stats";
import { currentSlot, nextDueAt } from "../src/server/domain/check-slots";
import { freshDataDir, machine, start, steal, stop, waitFor, writeSection } from "./lib";
import { benchUptime90d, type UptimeBench } from "./service-metrics";
import { startMixedTargets, type MixedTargets } from "./probe-targets";

const SERVICES = Number(process.env.BENCH_SERVICES ?? 10_000);
const INTERVAL = 60;
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 30);
const MEASURE_S = Number(process.env.BENCH_SECONDS ?? 120);
const PORT = 3300 + Math.floor(Math.random() * 500);
const MIXED = process.argv.includes("--mixed");
const BROWSERS = MIXED ? Number(process.env.BENCH_BROWSERS ?? 50) : 0;

const sqliteTime = (d: Date) => d.toISOString().replace("Z", "+00:00");

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function pidOfPort(port: number): number {
  return Number(
    execSync(`ss -ltnpH 'sport = :${port}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`, {
      encoding: "utf8",
    }).trim(),
  );
}

async function main() {
  const target = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  });
  target.keepAliveTimeout = 1000;
  await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
  const mixed: MixedTargets | null = MIXED ? await startMixedTargets(targetUrl) : null;

  const dataDir = freshDataDir("probe");
  const appUrl = `http://127.0.0.1:${PORT}`;
  const env = {
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    NODE_ENV: "production",
    APP_SECRET: crypto.randomBytes(32).toString("hex"),
    PROBE_EMBEDDED: "false",
  };
  const web = start(["scripts/start.mjs", "--web-only"], env);
  await waitFor(`${appUrl}/api/v1/health`);
  const webPid = pidOfPort(PORT);

  // A user owning 10,000 services, each due at its own second of the minute (as the slots spread them).
  const reg = await fetch(`${appUrl}/api/v1/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `bench-${crypto.randomUUID().slice(0, 8)}@example.test`,
      password: "correct horse battery",
    }),
  });
  const userId = ((await reg.json()) as { data: { user: { id: number } } }).data.user.id;
  const db = new Database(path.join(dataDir, "lifeline.db"));
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 10000");
  const now = new Date();
  const token = crypto.randomBytes(24).toString("base64url");
  db.prepare(
    `INSERT INTO probes (kind, name, location, token_hash, created_at, updated_at) VALUES ('platform', 'bench', '', ?, ?, ?)`,
  ).run(crypto.createHash("sha256").update(token).digest("hex"), sqliteTime(now), sqliteTime(now));
  const config = JSON.stringify({ url: targetUrl, method: "GET", expected_status_code: 200, timeout: 10 });
  const insertService =
    db.prepare(`INSERT INTO services (user_id, name, type, enabled, interval, config, status, created_at, updated_at)
    VALUES (?, ?, ?, 1, ?, ?, 'pending', ?, ?)`);
  const insertLane = db.prepare(
    `INSERT INTO service_lanes (service_id, lane, slot, due_at, leasable_at) VALUES (?, 0, 0, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < SERVICES + BROWSERS; i++) {
      const [type, cfg] = mixed ? mixed.service(i, i >= SERVICES) : ["http", config];
      const id = Number(
        insertService.run(userId, `svc ${i}`, type, INTERVAL, cfg, sqliteTime(now), sqliteTime(now)).lastInsertRowid,
      );
      // Each service's next natural slot (as a check's result would schedule it), at least 5 s away.
      const soon = new Date(now.getTime() + 5000);
      const due = sqliteTime(nextDueAt(id, INTERVAL, currentSlot(id, INTERVAL, soon).slot));
      insertLane.run(id, due, due);
    }
  })();

  // The probe under test, printing its stats every 10 s.
  let output = "";
  const probe = spawn(process.execPath, ["--import", "tsx", "scripts/probe.ts"], {
    env: {
      ...process.env,
      APP_URL: appUrl,
      PROBE_TOKEN: token,
      OUTBOUND_ALLOW_PRIVATE: "true",
      PROBE_STATS_SECONDS: "10",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  probe.stdout.on("data", (d) => (output += d));
  probe.stderr.on("data", (d) => (output += d));

  console.log(
    `[bench:probe] ${SERVICES} services${MIXED ? ` of six types and ${BROWSERS} browser checks` : ""} every ${INTERVAL} s; warm-up ${WARMUP_S} s, measuring ${MEASURE_S} s`,
  );
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
  const statsBefore = statsLines(output).length;
  const stealSince = steal.read();
  const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const count = () => (db.prepare(`SELECT COUNT(*) AS n FROM check_results`).get() as { n: number }).n;
  const [results0, cpu0, t0] = [count(), cpuSeconds(webPid), Date.now()];
  await new Promise((r) => setTimeout(r, MEASURE_S * 1000));
  const [results1, cpu1, t1] = [count(), cpuSeconds(webPid), Date.now()];
  const stealPct = steal.percentSince(stealSince);
  const windows = statsLines(output).slice(statsBefore);
  const last = windows[windows.length - 1];
  if (!last) throw new Error("no probe stats line in the measured window: measure longer (BENCH_SECONDS)");
  const first = statsLines(output)[statsBefore - 1]?.since_start ?? { batches: 0, lease_calls: 0 };
  const seconds = (t1 - t0) / 1000;
  const checksPerSecond = (results1 - results0) / seconds;
  const batches = last.since_start.batches - first.batches;
  const leaseCalls = last.since_start.lease_calls - first.lease_calls;
  const webCpuMs = (cpu1 - cpu0) * 1000;
  const p50s = windows
    .map((w) => w.window.lag_p50_ms)
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  const p99s = windows.map((w) => w.window.lag_p99_ms).filter((v): v is number => v !== null);
  const lagP50 = p50s[Math.floor(p50s.length / 2)] ?? null;
  const lagP99 = p99s.length ? Math.max(...p99s) : null;
  const rss = Math.max(...windows.map((w) => w.rss_mb));
  const errors = last.since_start.errors;
  const refused = last.since_start.refused;

  const byType = db
    .prepare(
      `SELECT s.type, COUNT(*) AS n, SUM(CASE WHEN r.up THEN 0 ELSE 1 END) AS down FROM check_results r JOIN services s ON s.id = r.service_id GROUP BY s.type ORDER BY s.type`,
    )
    .all() as { type: string; n: number; down: number }[];
  const downReasons = db
    .prepare(`SELECT reason, COUNT(*) AS n FROM check_results WHERE NOT up GROUP BY reason ORDER BY n DESC LIMIT 5`)
    .all() as { reason: string; n: number }[];
  probe.kill("SIGTERM");
  stop(web);
  db.close();
  target.close();
  await mixed?.close();

  const expected = (SERVICES + BROWSERS) / INTERVAL;
  if (MIXED) {
    const mixedTable = [
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; load average before the run ${load}, CPU steal during it ${stealPct ?? "?"}%.`,
      ...(process.env.BENCH_SHARED === "1"
        ? [
            "The host was shared: other builds and test suites ran on its 2 cores during the run (steal is the hypervisor's share; the load of the other work is not in it), so these figures are a floor.",
          ]
        : []),
      `One probe process (\`scripts/probe.ts\`, 100 checks at once) against \`npm start --web-only\` on SQLite; ${SERVICES.toLocaleString("en")} services of http, tcp, dns, tls, grpc and ping in turn and ${BROWSERS} browser checks, every ${INTERVAL} s, against loopback targets; measured over ${Math.round(seconds)} s after ${WARMUP_S} s of warm-up.`,
      "",
      "| figure | value | target |",
      "|---|---|---|",
      `| checks/s sustained | ${checksPerSecond.toFixed(1)} | ${expected.toFixed(1)}: ${checksPerSecond >= expected * 0.97 ? "met" : "NOT met"} |`,
      `| start lag p50 | ${lagP50 ?? "?"} ms | |`,
      `| start lag p99, worst 10 s window | ${lagP99 ?? "?"} ms | under 1,000 ms: ${lagP99 !== null && lagP99 < 1000 ? "met" : "NOT met"} |`,
      `| probe RSS (max) | ${rss} MiB | |`,
      `| results (down) by type, whole run | ${byType.map((t) => `${t.type} ${t.n} (${t.down})`).join(", ")} | no down |`,
      `| refused results, probe errors | ${refused}, ${errors} | 0, 0 |`,
      ...(downReasons.length ? ["", `Down reasons: ${downReasons.map((d) => `${d.n}× ${d.reason}`).join("; ")}`] : []),
    ].join("\n");
    console.log(mixedTable);
    if (process.env.BENCH_RECORD === "1") writeSection("probe-mixed", mixedTable);
    process.exit(0);
  }
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; load average before the run ${load}, CPU steal during it ${stealPct ?? "?"}%.`,
    `One probe process (\`scripts/probe.ts\`, 100 checks at once) against \`npm start --web-only\` on SQLite; ${SERVICES.toLocaleString("en")} http services every ${INTERVAL} s against a local HTTP target; measured over ${Math.round(seconds)} s after ${WARMUP_S} s of warm-up.`,
    "",
    "| figure | value | target |",
    "|---|---|---|",
    `| checks/s sustained | ${checksPerSecond.toFixed(1)} | ${expected.toFixed(1)} (every service every ${INTERVAL} s): ${checksPerSecond >= expected * 0.97 ? "met" : "NOT met"} |`,
    `| start lag p50 (due instant to start) | ${lagP50 ?? "?"} ms | |`,
    `| start lag p99, worst 10 s window | ${lagP99 ?? "?"} ms | under 1,000 ms: ${lagP99 !== null && lagP99 < 1000 ? "met" : "NOT met"} |`,
    `| probe RSS (max) | ${rss} MiB | |`,
    `| result batches posted | ${batches} (${(batches / seconds).toFixed(1)}/s, ${batches ? Math.round((results1 - results0) / batches) : 0} results each) | |`,
    `| lease calls | ${leaseCalls} (${(leaseCalls / seconds).toFixed(1)}/s) | |`,
    `| web process CPU | ${Math.round(webCpuMs / seconds)} ms per second; ${batches + leaseCalls ? (webCpuMs / (batches + leaseCalls)).toFixed(1) : "?"} ms per probe call (batch or lease) | |`,
    `| refused results, probe errors | ${refused}, ${errors} | 0, 0 |`,
  ].join("\n");
  console.log(table);

  const uptime: UptimeBench[] = [];
  for (const engine of ["sqlite", "postgresql"] as const) uptime.push(await benchUptime90d({ engine, seconds: 5 }));
  const uptimeTable = [
    "",
    `\`GET /services/{id}/metrics/uptime?period=90d\` for a service checked every minute for 90 days (129,600 results, rolled up hourly by the sweeper, raw results past the 14-day retention deleted):`,
    "",
    "| engine | statements in process p50 / p99 | over HTTP, 1 connection: req/s, p50 / p99 | over HTTP, 10 connections: req/s, p50 / p99 | target |",
    "|---|---|---|---|---|",
    ...uptime.map((u) => {
      const [one, ten] = [u.http.find((h) => h.connections === 1), u.http.find((h) => h.connections === 10)];
      const fmt = (h: typeof one) =>
        h ? `${h.rps}, ${h.p50} / ${h.p99} ms${h.non2xx ? ` (${h.non2xx} non-2xx)` : ""}` : "?";
      return `| ${u.engine} | ${u.statementsP50Ms} / ${u.statementsP99Ms} ms | ${fmt(one)} | ${fmt(ten)} | under 20 ms (one request): ${one && one.p50 < 20 ? "met" : "NOT met"} |`;
    }),
  ].join("\n");
  console.log(uptimeTable);
  writeSection("probe", table + "\n" + uptimeTable);
  process.exit(0);
}

function statsLines(output: string): StatsLine[] {
  return output
    .split("\n")
    .filter((l) => l.includes('"probe_stats":true'))
    .map((l) => JSON.parse(l) as StatsLine);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
