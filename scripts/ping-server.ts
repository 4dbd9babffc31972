// `npm run ping-server`: the standalone ingest process, for deployments that put pings on their own
// host. The same handler as the web app's /ping route, on a bare node:http server (no framework).
//   PING_PORT (default 3001), HOST; the database and other settings as for the web app.
import http from "node:http";
import { env } from "../src/env";
import { migrate } from "../src/server/migrate";
import { answerPing, readCapped } from "../src/server/ping/handler";
import { pingStore } from "../src/server/ping/connection";

const port = Number(process.env.PING_PORT ?? 3001);

async function main() {
  const config = env();
  await migrate(config.databaseUrl);
  const store = pingStore();
  let stopping = false;
  const server = http.createServer(async (req, res) => {
    if (stopping) res.setHeader("Connection", "close"); // a kept-alive client moves on after this answer
    try {
      const target = req.url ?? "/";
      const pathEnd = target.indexOf("?");
      const pathname = pathEnd < 0 ? target : target.slice(0, pathEnd);
      const path = pathname.startsWith("/ping/") ? pathname.slice(5) : pathname;
      const answer = await answerPing({ method: req.method ?? "GET", url: target, readBody: () => readCapped(req) }, path, store);
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? undefined);
    } catch (err) {
      console.error(JSON.stringify({ level: "error", where: "ping-server", error: err instanceof Error ? err.message : String(err) }));
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("Internal error\n");
    }
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, config.host, () => console.log(`[lifeline] ping ingest on http://${config.host}:${port}`));
  // Graceful stop: no new connections; every ping in flight is answered (OK only once committed),
  // kept-alive connections are closed as soon as they are idle; then exit 0. After 25 s the
  // remaining connections are cut.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ level: "info", event: "ping-server.stopping" }));
    server.close(() => process.exit(0));
    setInterval(() => server.closeIdleConnections(), 50).unref();
    setTimeout(() => server.closeAllConnections(), 25_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err: unknown) => {
  console.error(`[lifeline] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
