// `npm start`'s web server: one node:http server, one port. Pings (`/ping/…`, `/api/v1/ping/…`, the
// root on PING_HOST) go straight to the framework-free ping handler, as in the standalone ingest; the
// rest of the REST interface (`/api/v1/…`) to its handler without Next's routing
// (src/server/api/http/node-rest.ts); public status page reads (`/status/{slug}`, `.json`) to the same
// code as their Next route (src/server/status-pages/node-front.ts), badge reads likewise
// (src/server/status-pages/badge-answer.ts); everything else (dashboard, tRPC, /docs, static assets) to
// Next's request handler through Next's custom-server API. The Next /ping and /api/v1 routes stay
// for deployments that run `next start` alone.
import { logger } from "../src/server/observability/log";
import http from "node:http";
import next from "next";
import type { Env } from "../src/env";
import { processPingStore } from "../src/server/ping/store";
import { isRestRequest, serveRest } from "../src/server/api/http/node-rest";
import { drainUnreadUploadOnAnswer } from "../src/server/api/http/unread-upload";
import { hasMalformedPath, refuseMalformedPath } from "../src/server/api/http/malformed-path";
import { serveStatusPageRead, statusPageRead } from "../src/server/status-pages/node-front";
import { badgeRead, serveBadgeRead } from "../src/server/status-pages/badge-answer";
import { inPublicTurn, type PublicReadKind } from "../src/server/status-pages/public-turns";
import { withPeer } from "../src/server/auth/client-address";
import { LISTEN_BACKLOG, servePing, tunePingServer, webPingPath } from "../src/server/ping/node-http";
import { isMetricsRequest, serveOperatorMetrics } from "../src/server/observability/node-metrics";
import { watchOutbox } from "../src/server/observability/operator-metrics";
import { metricsStore } from "../src/server/storage/engine";

// Liveness (`/livez`) is answered here, before any framework: it says whether this process's loop
// turns, whatever Next or the public reads are doing (src/app/livez/route.ts answers the same under
// `next start` alone).
const LIVEZ_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
const isLivez = (req: http.IncomingMessage): boolean =>
  (req.method === "GET" || req.method === "HEAD") && (req.url === "/livez" || !!req.url?.startsWith("/livez?"));
function serveLivez(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(200, { ...LIVEZ_HEADERS, "Content-Length": "2" });
  res.end(req.method === "HEAD" ? undefined : "OK");
}

/** Queues a public read for its turn (src/server/status-pages/public-turns.ts); a full queue is a 503. */
function publicTurn(res: http.ServerResponse, kind: PublicReadKind, work: () => void): void {
  if (inPublicTurn(kind, work)) return;
  res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "1", "Cache-Control": "no-store" });
  res.end("Busy, retry in a second\n");
}

export async function startWebServer(config: Env): Promise<http.Server> {
  // Opened before Next loads: this unbundled store (on SQLite the process's one writer, on
  // PostgreSQL its pool) is the process's one ping store, found on globalThis by everything else
  // that records run events in this process.
  const store = processPingStore();
  const app = next({ dev: false, dir: process.cwd(), hostname: config.host, port: config.port });
  await app.prepare();
  const handleNext = app.getRequestHandler();
  watchOutbox(metricsStore().sql);
  const server = tunePingServer(
    http.createServer((req, res) => {
      // The operator metrics (404 unless METRICS_TOKEN is set); on PING_HOST `metrics` is no ping token anyway.
      if (isMetricsRequest(req.url)) return void serveOperatorMetrics(req, res);
      if (isLivez(req)) return serveLivez(req, res);
      const path = webPingPath(req.url ?? "/", req.headers.host, config.pingHost);
      if (path !== null) return void servePing(req, res, path, store);
      const failed = (err: unknown) => {
        logger().error({ where: "web", error: err instanceof Error ? err.message : String(err) });
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
        res.end("Internal error\n");
      };
      if (req.method !== "GET" && req.method !== "HEAD") drainUnreadUploadOnAnswer(req, res);
      // The socket's peer, for the client address of per-address limits (auth/client-address.ts).
      withPeer(req.socket.remoteAddress, () => {
        if (isRestRequest(req.url ?? "/"))
          return void serveRest(req, res, `http://${req.headers.host ?? "localhost"}`).catch(failed);
        if (hasMalformedPath(req.url ?? "/")) return refuseMalformedPath(res);
        // Public reads take turns (a few per turn of the loop), so they never hold up a ping.
        const statusRead = statusPageRead(req.method, req.url ?? "/");
        if (statusRead) return publicTurn(res, "page", () => serveStatusPageRead(req, res, statusRead).catch(failed));
        const badge = badgeRead(req.method, req.url ?? "/");
        if (badge) return publicTurn(res, "badge", () => serveBadgeRead(req, res, badge).catch(failed));
        handleNext(req, res).catch(failed);
      });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, LISTEN_BACKLOG, resolve);
  });
  return server;
}
