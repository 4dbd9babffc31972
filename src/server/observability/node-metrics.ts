import http from "node:http";
import { operatorMetricsAnswer } from "./operator-metrics";

/** Whether a node:http request is for `/metrics` (the operator metrics of this process). */
export const isMetricsRequest = (target: string | undefined) => /^\/metrics(\?|$)/.test(target ?? "");

/** Answers `/metrics` on node:http (404 unless METRICS_TOKEN is set, then bearer auth). */
export async function serveOperatorMetrics(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const a = await operatorMetricsAnswer(req.headers.authorization);
  res.writeHead(a.status, a.headers);
  res.end(req.method === "HEAD" ? undefined : a.body);
}

/**
 * A process without an HTTP server of its own (the sweeper, a probe) serves its `/metrics` on
 * `port` when METRICS_TOKEN is set and a port is given; otherwise nothing listens.
 */
export function listenForOperatorMetrics(
  port: string | undefined,
  host = process.env.HOST ?? "127.0.0.1",
): http.Server | null {
  if (!process.env.METRICS_TOKEN || !port) return null;
  const server = http.createServer((req, res) => {
    if (isMetricsRequest(req.url)) return void serveOperatorMetrics(req, res);
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
    res.end("Not found\n");
  });
  server.listen(Number(port), host);
  server.unref();
  return server;
}
