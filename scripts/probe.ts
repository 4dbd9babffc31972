// `npm run probe`: one standalone probe agent. APP_URL (where Lifeline answers) and PROBE_TOKEN (the
// probe's 32-character X-Auth token) are required; OUTBOUND_ALLOW_PRIVATE lets a platform probe check
// private addresses; PROBE_CONCURRENCY bounds checks at once (100); PROBE_STATS_SECONDS prints a
// stats line that often (checks, start lag p50/p99, RSS). Stops gracefully on SIGTERM/SIGINT.
import { percentile, ProbeAgent } from "../src/probe/agent";

const appUrl = process.env.APP_URL;
const token = process.env.PROBE_TOKEN;
if (!appUrl || !token) {
  console.error("[probe] APP_URL and PROBE_TOKEN are required");
  process.exit(2);
}
const agent = new ProbeAgent({
  appUrl,
  token,
  concurrency: Number(process.env.PROBE_CONCURRENCY ?? 100),
  allowPrivate: /^(1|true|yes|on)$/i.test(process.env.OUTBOUND_ALLOW_PRIVATE ?? ""),
  log: (line) => console.error(JSON.stringify({ probe: true, ...line })),
});

async function main() {
  const self = await startWithRetry();
  console.log(`[probe] ${self.kind} probe "${self.name}" (id ${self.id}) checking for ${appUrl}`);
  const every = Number(process.env.PROBE_STATS_SECONDS ?? 0);
  if (every > 0) {
    setInterval(() => {
      const lag = agent.stats.lagMs.splice(0);
      console.log(JSON.stringify({
        probe_stats: true, checks: agent.stats.checks, posted: agent.stats.posted, refused: agent.stats.refused, errors: agent.stats.errors,
        batches: agent.stats.batches, lease_calls: agent.stats.leaseCalls,
        lag_samples: lag.length, lag_p50_ms: percentile(lag, 50), lag_p99_ms: percentile(lag, 99), rss_mb: Math.round(process.memoryUsage().rss / 1048576),
      }));
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
  console.error(`[probe] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
