// `npm run bench:ping`: the ping path under load (autocannon, 50 connections). In one run:
//   ceilings: a bare node:http `OK` server and a bare Next `OK` route (/livez);
//   Lifeline: the Next ping route and the standalone ingest process, each with success pings
//   spread over 60,000 monitors (so the 5-per-minute cap is never what is measured) and with
//   start/complete pairs carrying a rid and a 10 KB body.
// Every scenario runs BENCH_ROUNDS times (default 3) for BENCH_SECONDS each (default 10); the
// medians go to docs/performance.md (section "ping").
import crypto from "node:crypto";
import path from "node:path";
import { freshDataDir, load, machine, seedMonitors, start, steal, stop, waitFor, writeSection, type Result } from "./lib";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const webPort = 3900;
const ingestPort = 3901;
const barePort = 3902;

function successPings(tokens: string[], prefix: string) {
  let i = 0;
  return [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, method: "GET", path: `${prefix}/${tokens[i++ % tokens.length]}` }) }];
}

function startCompletePairs(tokens: string[], prefix: string) {
  const body = "x".repeat(10 * 1024);
  let n = 0;
  const open: { token: string; rid: string }[] = [];
  return [
    {
      setupRequest: (req: Record<string, unknown>) => {
        n++;
        if (n % 2 === 1 || open.length === 0) {
          const run = { token: tokens[n % tokens.length]!, rid: crypto.randomUUID() };
          open.push(run);
          return { ...req, method: "POST", path: `${prefix}/${run.token}/start?rid=${run.rid}`, body: "" };
        }
        const run = open.shift()!;
        return { ...req, method: "POST", path: `${prefix}/${run.token}/0?rid=${run.rid}`, body, headers: { "content-type": "text/plain" } };
      },
    },
  ];
}

async function main() {
  const dataDir = freshDataDir("ping");
  // Production mode, as deployed: with NODE_ENV=test, Next would serve React's development build.
  const env = {
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    APP_SECRET: crypto.randomBytes(32).toString("hex"),
    APP_URL: `http://127.0.0.1:${webPort}`,
  };
  const web = start(["scripts/start.mjs"], { ...env, PORT: String(webPort) });
  await waitFor(`http://127.0.0.1:${webPort}/api/v1/health`);
  const ingest = start(["--import", "tsx", "scripts/ping-server.ts"], { ...env, PING_PORT: String(ingestPort) });
  await waitFor(`http://127.0.0.1:${ingestPort}/x`);
  // The ceiling runs in its own process, like the servers it bounds (not beside autocannon).
  const bare = start(["-e", `require("node:http").createServer((q, s) => s.end("OK")).listen(${barePort}, "127.0.0.1")`], {});
  await waitFor(`http://127.0.0.1:${barePort}`);

  // Enough monitors that no monitor gets more than a few pings a minute (slice 4 warms up): each
  // round pings a scenario's slice about once, and rounds are over a minute apart.
  const tokens = seedMonitors(path.join(dataDir, "lifeline.db"), 270_000);
  const slice = (k: number) => tokens.slice(k * 60_000, (k + 1) * 60_000);
  const web_ = `http://127.0.0.1:${webPort}`;
  const ingest_ = `http://127.0.0.1:${ingestPort}`;
  const scenarios: Scenario[] = [
    { name: "bare node:http OK (ceiling)", url: `http://127.0.0.1:${barePort}`, port: barePort },
    { name: "bare Next OK route /livez (ceiling)", url: `${web_}/livez`, port: webPort },
    { name: "Next /ping route: success pings", url: web_, port: webPort, requests: () => successPings(slice(0), "/ping") },
    { name: "Next /ping route: start/complete pairs, 10 KB body", url: web_, port: webPort, requests: () => startCompletePairs(slice(1), "/ping") },
    { name: "ingest process: success pings", url: ingest_, port: ingestPort, requests: () => successPings(slice(2), "") },
    { name: "ingest process: start/complete pairs, 10 KB body", url: ingest_, port: ingestPort, requests: () => startCompletePairs(slice(3), "") },
  ];
  const rounds: Result[][] = scenarios.map(() => []);
  const stealFrom = steal.read();
  try {
    // Warm up (JIT, heap, page cache) so the rows measure a running server, not its first seconds.
    const warmUp = slice(4);
    await load("warm-up", { url: web_, duration: WARM_UP, setupRequest: successPings(warmUp.slice(0, 15_000), "/ping") }, webPort);
    await load("warm-up", { url: ingest_, duration: WARM_UP, setupRequest: successPings(warmUp.slice(15_000), "") }, ingestPort);
    // Whole rounds rather than one scenario ROUNDS times in a row: a noisy minute on a shared
    // machine then costs one sample of each scenario, not every sample of one.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, sc] of scenarios.entries()) {
        rounds[k]!.push(await load(sc.name, { url: sc.url, duration: DURATION, setupRequest: sc.requests?.() }, sc.port));
      }
    }
  } finally {
    stop(bare);
    stop(web);
    stop(ingest);
  }
  const stealPct = steal.percentSince(stealFrom);
  const results = rounds.map(summarize);
  const table = results
    .map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.p99s.join(", ")} | ${r.non2xx} | ${r.errors} | ${r.rssMiB ?? "?"} |`)
    .join("\n");
  const ratio = Math.round((100 * results[2]!.rps) / results[1]!.rps);
  writeSection(
    "ping",
    `## Ping path (\`npm run bench:ping\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; autocannon, 50 connections, ${DURATION} s per sample
after ${WARM_UP} s of warm-up pings on each server, SQLite (WAL). ${ROUNDS} rounds of every scenario; each row shows the
median of its rounds (req/s, p50, p99) and every round's p99. Accepted pings/s counts 2xx answers only; non-2xx (summed
over the rounds) must be 0: no monitor was rate-capped. CPU steal during the measurements (time the host gave
to other virtual machines): ${stealPct ?? "?"}%; on this shared machine the same code measures far slower when it is high.

| scenario | accepted req/s | p50 ms | p99 ms | p99 per round | non-2xx | errors | server RSS MiB |
|---|---|---|---|---|---|---|---|
${table}

The Next ping route reaches ${ratio}% of the bare Next route (target: at least 60%). The standalone ingest
process accepts ${results[4]!.rps} success pings/s with p99 ${results[4]!.p99} ms (target: at least 5,000/s, p99 under 20 ms).`,
  );
  console.table(results);
}

type Scenario = { name: string; url: string; port: number; requests?: () => ReturnType<typeof successPings> };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function summarize(samples: Result[]) {
  return {
    name: samples[0]!.name,
    rps: median(samples.map((r) => r.rps)),
    p50: median(samples.map((r) => r.p50)),
    p99: median(samples.map((r) => r.p99)),
    p99s: samples.map((r) => r.p99),
    non2xx: samples.reduce((n, r) => n + r.non2xx, 0),
    errors: samples.reduce((n, r) => n + r.errors, 0),
    rssMiB: Math.max(...samples.map((r) => r.rssMiB ?? 0)) || null,
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
