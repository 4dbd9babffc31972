import http from "node:http";
import type { AddressInfo } from "node:net";

export type KindRequestSeen = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };
export type KindAnswer = { status: number; body: string; contentType?: string };

/**
 * A loopback fake of a notification service: records every request and answers what `answer`
 * says for the n-th one (1-based).
 */
export async function startKindReceiver(
  answer: (n: number, req: KindRequestSeen) => KindAnswer = () => ({ status: 200, body: '{"ok":true}' }),
) {
  const received: KindRequestSeen[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const seen = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body };
      received.push(seen);
      const a = answer(received.length, seen);
      res.writeHead(a.status, { "content-type": a.contentType ?? "application/json" });
      res.end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
