// `npm run ping-server`: the standalone ingest process, for deployments that put pings on their own
// host. The same handler as the web app's /ping route, on a bare node:http server (no framework).
//   PING_PORT (default 3001), HOST; the database and other settings as for the web app. `/metrics` on
//   the same port: the operator metrics, when METRICS_TOKEN is set.
import { logFatal, logger, logLine, routeConsoleToLog } from "../src/server/observability/log";
import http from "node:http";
import { env } from "../src/env";
import { migrate } from "../src/server/migrate";
import { processPingStore } from "../src/server/ping/store";
import { startIngestCheckpoints } from "../src/server/storage/engine";
import { isMetricsRequest, serveOperatorMetrics } from "../src/server/observability/node-metrics";
import {
  ingestPingPath,
  LISTEN_BACKLOG,
  servePing,
  stopGracefully,
  tunePingServer,
} from "../src/server/ping/node-http";

const port = Number(process.env.PING_PORT ?? 3001);

async function main() {
  routeConsoleToLog(); // every line this process prints is a JSON log line
  const config = env();
  await migrate(config.databaseUrl);
  const store = processPingStore();
  startIngestCheckpoints(config, (line) => logLine(line)); // SQLite: the WAL copied back off the ping path
  const server = tunePingServer(
    http.createServer((req, res) => {
      if (isMetricsRequest(req.url)) return void serveOperatorMetrics(req, res); // operator metrics: docs/api-metrics.md
      void servePing(req, res, ingestPingPath(req.url ?? "/"), store);
    }),
  );
  server.listen(port, config.host, LISTEN_BACKLOG, () =>
    logger().info({ event: "ping-server.listening" }, `ping ingest on http://${config.host}:${port}`),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    logger().info({ event: "ping-server.stopping" });
    stopGracefully(server, () => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err: unknown) => {
  logFatal(err);
  process.exit(1);
});
