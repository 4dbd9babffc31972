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
  const server = http.createServer(async (req, res) => {
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
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err: unknown) => {
  console.error(`[lifeline] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
