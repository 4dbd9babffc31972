// `npm run probe`: one standalone probe agent. APP_URL (where Lifeline answers) and PROBE_TOKEN (the
// probe's 32-character X-Auth token) are required; OUTBOUND_ALLOW_PRIVATE lets a platform probe check
// private addresses; PROBE_CONCURRENCY bounds checks at once (100); PROBE_STATS_SECONDS prints a
// stats line that often (`since_start`: cumulative counters; `window`: checks and start lag p50/p99
// of that interval only; RSS); with METRICS_TOKEN and PROBE_METRICS_PORT, the operator metrics at
// /metrics on that port. Stops gracefully on SIGTERM/SIGINT.
import { logFatal, logger, logLine, routeConsoleToLog } from "../src/server/observability/log";
import { ProbeAgent } from "../src/probe/agent";
import { statsLine, ZERO_TOTALS } from "../src/probe/stats";
import { listenForOperatorMetrics } from "../src/server/observability/node-metrics";

routeConsoleToLog(); // every line this process prints is a JSON log line
const errorLog = logger(2); // the agent's own lines go to standard error, as before
const appUrl = process.env.APP_URL;
const token = process.env.PROBE_TOKEN;
if (!appUrl || !token) {
  logFatal("APP_URL and PROBE_TOKEN are required");
  process.exit(2);
}
const agent = new ProbeAgent({
  appUrl,
  token,
  concurrency: Number(process.env.PROBE_CONCURRENCY ?? 100),
  allowPrivate: /^(1|true|yes|on)$/i.test(process.env.OUTBOUND_ALLOW_PRIVATE ?? ""),
  log: (line) => logLine({ probe: true, ...line }, errorLog),
});

async function main() {
  listenForOperatorMetrics(process.env.PROBE_METRICS_PORT); // when METRICS_TOKEN is set
  const self = await startWithRetry();
  logger().info(
    { event: "probe.started", probe_id: self.id },
    `${self.kind} probe "${self.name}" (id ${self.id}) checking for ${appUrl}`,
  );
  const every = Number(process.env.PROBE_STATS_SECONDS ?? 0);
  if (every > 0) {
    let before = ZERO_TOTALS;
    setInterval(() => {
      const line = statsLine(agent.stats, agent.stats.lagMs.splice(0), before, every, process.memoryUsage().rss);
      before = line.since_start;
      logger().info(line);
    }, every * 1000);
  }
  for (const sig of ["SIGTERM", "SIGINT"] as const) {
    process.on(sig, () => void agent.stop().then(() => process.exit(0)));
  }
}

/** The web app may still be starting: retry the first call for up to a minute. */
async function startWithRetry() {
  for (let attempt = 1; ; attempt++) {
    try {
      return await agent.start();
    } catch (err) {
      if (attempt >= 60 || /401/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

main().catch((err: unknown) => {
  logFatal(err);
  process.exit(1);
});
