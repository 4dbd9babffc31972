import { logger } from "../observability/log";
import type http from "node:http";
import { answerPing, readCapped } from "./handler";
import type { PingStore } from "../storage/ping-store";

/**
 * The ping endpoint on a bare `node:http` server, shared by the standalone ingest
 * (scripts/ping-server.ts) and `npm start`'s web server (scripts/serve.ts), where it sits in front of
 * Next: no Web `Request`/`Response` objects, no framework.
 */

/**
 * The ping path of a request to the web server (`/<token>[/<suffix>]`), or null when it is not a
 * ping: `/ping/…`, `/api/v1/ping/…`, and on PING_HOST every path that src/proxy.ts would rewrite to
 * the ping route (all but `/_next/…`, `/api/…` and `/livez`).
 */
export function webPingPath(target: string, host: string | undefined, pingHost: string | null): string | null {
  const q = target.indexOf("?");
  const pathname = q < 0 ? target : target.slice(0, q);
  if (pathname.startsWith("/ping/")) return pathname.slice(5);
  if (pathname.startsWith("/api/v1/ping/")) return pathname.slice(12);
  if (pingHost && host && host.replace(/:\d+$/, "").toLowerCase() === pingHost.toLowerCase()) {
    if (pathname.startsWith("/_next/") || pathname.startsWith("/api/") || pathname === "/livez") return null;
    return pathname;
  }
  return null;
}

/** The ping path of a request to the standalone ingest: `/ping/<token>…`, `/api/v1/ping/<token>…` or `/<token>…`. */
export function ingestPingPath(target: string): string {
  const q = target.indexOf("?");
  const pathname = q < 0 ? target : target.slice(0, q);
  if (pathname.startsWith("/ping/")) return pathname.slice(5);
  if (pathname.startsWith("/api/v1/ping/")) return pathname.slice(12);
  return pathname;
}

/** Answers one ping on node:http; `OK` only once the store has committed it. */
export async function servePing(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
  store: PingStore,
): Promise<void> {
  try {
    const a = await answerPing(
      { method: req.method ?? "GET", url: req.url ?? "/", readBody: () => readCapped(req) },
      path,
      store,
    );
    res.writeHead(a.status, a.headers);
    res.end(a.body ?? undefined);
  } catch (err) {
    logger().error({ where: "ping", error: err instanceof Error ? err.message : String(err) });
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("Internal error\n");
  }
}

/**
 * Connection settings for a server that takes pings: long keep-alive (cron hosts and proxies reuse
 * connections), and a listen backlog deep enough for the top-of-the-minute burst (1,000 clients
 * connecting at once overflow Node's default of 511, and a dropped SYN costs the client a 1 s retry).
 */
export const LISTEN_BACKLOG = 4096;

export function tunePingServer(server: http.Server): http.Server {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/**
 * Graceful stop of a server that takes pings (SIGTERM from a process manager or Kubernetes): no new
 * connections; every request in flight is answered (a ping's OK only once committed) and its
 * kept-alive connection closed as soon as it is idle, with `Connection: close` on answers given from
 * now on; `done` runs when the last connection is gone. After `graceMs` the rest are cut.
 */
export function stopGracefully(server: http.Server, done: () => void, graceMs = 25_000): void {
  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  });
  server.close(() => done());
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 50).unref();
  setTimeout(() => server.closeAllConnections(), graceMs).unref();
}
