// `npm run bench:ping-rules`: success pings of monitors with run rules against monitors without, on
// one standalone ingest process (SQLite), in alternating rounds so a busy machine weighs on both
// alike. Rules: a failure threshold, a recovery threshold, a failure keyword, a minimum runtime and a
// maximum of runs per period (what the rules remember is rewritten on every ping). Reports each
// side's median accepted pings/s and latency, and the ingest process's CPU per 1,000 pings, into
// docs/performance.md (section "ping-rules").
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import {
  cpuMsOf,
  freshDataDir,
  load,
  machine,
  seedMonitors,
  start,
  steal,
  stop,
  summarize,
  waitFor,
  writeSection,
  type Result,
} from "./lib";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const COUNT = Number(process.env.BENCH_MONITORS ?? 60_000);
const port = Number(process.env.BENCH_PORT_BASE ?? 30_000 + 10 * Math.floor(Math.random() * 900));

const RULES = JSON.stringify({
  failure_threshold: 3,
  recovery_threshold: 2,
  failure_keywords: ["ERROR"],
  min_runtime_seconds: 1,
  max_runs_per_period: 100,
});

function successPings(tokens: string[]) {
  let i = 0;
  return [
    {
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        method: "GET",
        path: `/${tokens[i++ % tokens.length]}`,
      }),
    },
  ];
}

async function main() {
  const dataDir = freshDataDir("ping-rules");
  const env = {
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    APP_SECRET: crypto.randomBytes(32).toString("hex"),
    APP_URL: `http://127.0.0.1:${port}`,
  };
  const ingest = start(["--import", "tsx", "scripts/ping-server.ts"], { ...env, PING_PORT: String(port) });
  try {
    await waitFor(`http://127.0.0.1:${port}/x`);
    const dbFile = path.join(dataDir, "lifeline.db");
    const plain = seedMonitors(dbFile, COUNT);
    const ruled = seedMonitors(dbFile, COUNT);
    const db = new Database(dbFile);
    const set = db.prepare(`UPDATE cron_monitors SET run_rules = ? WHERE ping_token = ?`);
    db.transaction(() => ruled.forEach((t) => set.run(RULES, t)))();
    db.close();
    const url = `http://127.0.0.1:${port}`;
    await load("warm-up", { url, duration: 3, setupRequest: successPings(plain.slice(-5000)) }, port);
    const loadBefore = os.loadavg()[0]!;
    const stealSince = steal.read();
    const samples: Record<"plain" | "ruled", Result[]> = { plain: [], ruled: [] };
    const cpu: Record<"plain" | "ruled", number[]> = { plain: [], ruled: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const side of r % 2 === 0 ? (["plain", "ruled"] as const) : (["ruled", "plain"] as const)) {
        const tokens = side === "plain" ? plain : ruled;
        const before = cpuMsOf(ingest.pid!);
        const result = await load(side, { url, duration: DURATION, setupRequest: successPings(tokens) }, port);
        cpu[side].push((1000 * (cpuMsOf(ingest.pid!) - before)) / Math.max(result.ok, 1));
        samples[side].push(result);
      }
    }
    const loadAfter = os.loadavg()[0]!;
    const stolen = steal.percentSince(stealSince);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const row = (label: string, side: "plain" | "ruled") => {
      const s = summarize(samples[side]);
      return `| ${label} | ${s.rps} | ${s.p50} | ${s.p99} | ${samples[side].map((x) => x.rps).join(", ")} | ${Math.round(median(cpu[side]))} | ${s.non2xx} | ${s.errors} |`;
    };
    const ratio = summarize(samples.ruled).rps / Math.max(summarize(samples.plain).rps, 1);
    const cpuRatio = median(cpu.ruled) / Math.max(median(cpu.plain), 1);
    writeSection(
      "ping-rules",
      `## Run rules on the ping path (\`npm run bench:ping-rules\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; one standalone ingest process (SQLite, WAL), autocannon
50 connections, ${ROUNDS} alternating rounds of ${DURATION} s per side over ${COUNT.toLocaleString("en")} monitors each (GET success
pings, no monitor rate-capped). Ruled monitors carry a failure threshold, a recovery threshold, a failure keyword, a
minimum runtime and a maximum of runs per period. **Host during the run: load average ${loadBefore.toFixed(1)} when the rounds
began and ${loadAfter.toFixed(1)} at the end on ${os.cpus().length} cores, steal ${stolen ?? "?"}%**; on a busy host only the two sides' ratio
means anything. Accepted pings are what is compared; non-2xx answers are counted apart.

| monitors | accepted req/s (median) | p50 ms | p99 ms | req/s per round | ingest CPU ms per 1,000 pings (median) | non-2xx | errors |
|---|---|---|---|---|---|---|---|
${row("without run rules", "plain")}
${row("with run rules", "ruled")}

With rules / without: ${ratio.toFixed(2)} of the pings per second, ${cpuRatio.toFixed(2)} of the CPU per ping. The statement
count is the same (tests/support/statement-budget.ts); what a ruled ping adds is parsing and writing its rules' JSON.`,
    );
    console.log(samples, cpu);
  } finally {
    stop(ingest);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
