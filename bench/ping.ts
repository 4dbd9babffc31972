// `npm run bench:ping`: the ping path under load (autocannon, 50 connections). In one run:
//   ceilings: a bare node:http `OK` server and a bare Next `OK` route (/livez);
//   Lifeline: the Next ping route and the standalone ingest process, each with success pings
//   spread over fresh monitors (so the 5-per-minute cap is never what is measured) and with
//   start/complete pairs carrying a rid and a 10 KB body.
// Results go to docs/performance.md (section "ping").
import crypto from "node:crypto";
import path from "node:path";
import { freshDataDir, load, machine, seedMonitors, start, stop, waitFor, writeSection, type Result } from "./lib";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
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
  const ingest = start(["node_modules/tsx/dist/cli.mjs", "scripts/ping-server.ts"], { ...env, PING_PORT: String(ingestPort) });
  await waitFor(`http://127.0.0.1:${ingestPort}/x`);
  // The ceiling runs in its own process, like the servers it bounds (not beside autocannon).
  const bare = start(["-e", `require("node:http").createServer((q, s) => s.end("OK")).listen(${barePort}, "127.0.0.1")`], {});
  await waitFor(`http://127.0.0.1:${barePort}`);

  // Enough monitors that no monitor gets more than a few pings during a run.
  const tokens = seedMonitors(path.join(dataDir, "lifeline.db"), 240_000);
  const slice = (k: number) => tokens.slice(k * 60_000, (k + 1) * 60_000);
  const results: Result[] = [];
  try {
    for (const url of [`http://127.0.0.1:${webPort}/livez`, `http://127.0.0.1:${webPort}/ping/x`]) await fetch(url).catch(() => null); // warm up
    results.push(await load("bare node:http OK (ceiling)", { url: `http://127.0.0.1:${barePort}`, duration: DURATION }, barePort));
    results.push(await load("bare Next OK route /livez (ceiling)", { url: `http://127.0.0.1:${webPort}/livez`, duration: DURATION }, webPort));
    results.push(await load("Next /ping route: success pings", { url: `http://127.0.0.1:${webPort}`, duration: DURATION, setupRequest: successPings(slice(0), "/ping") }, webPort));
    results.push(await load("Next /ping route: start/complete pairs, 10 KB body", { url: `http://127.0.0.1:${webPort}`, duration: DURATION, setupRequest: startCompletePairs(slice(1), "/ping") }, webPort));
    results.push(await load("ingest process: success pings", { url: `http://127.0.0.1:${ingestPort}`, duration: DURATION, setupRequest: successPings(slice(2), "") }, ingestPort));
    results.push(await load("ingest process: start/complete pairs, 10 KB body", { url: `http://127.0.0.1:${ingestPort}`, duration: DURATION, setupRequest: startCompletePairs(slice(3), "") }, ingestPort));
  } finally {
    stop(bare);
    stop(web);
    stop(ingest);
  }
  const nextCeiling = results[1]!.rps;
  const table = results
    .map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${r.rssMiB ?? "?"} |`)
    .join("\n");
  const ratio = Math.round((100 * results[2]!.rps) / nextCeiling);
  writeSection(
    "ping",
    `## Ping path (\`npm run bench:ping\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; autocannon, 50 connections, ${DURATION} s per row,
SQLite (WAL). Accepted pings/s counts 2xx answers only; non-2xx must be 0 (no monitor was rate-capped).

| scenario | accepted req/s | p50 ms | p99 ms | non-2xx | errors | server RSS MiB |
|---|---|---|---|---|---|---|
${table}

The Next ping route reaches ${ratio}% of the bare Next route (target: at least 60%). The standalone ingest
process accepts ${results[4]!.rps} success pings/s with p99 ${results[4]!.p99} ms (target: at least 5,000/s, p99 under 20 ms).`,
  );
  console.table(results);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
