import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { resolveTarget, type OutboundPolicy } from "../outbound";
import { failureReason } from "./reason";

/**
 * The outbound guard for a browser (platform probes): an HTTP proxy on loopback, for one check,
 * through which Chromium sends every request (plain requests forwarded, https and WebSockets as
 * CONNECT tunnels). The proxy resolves each host itself through the guard and connects to the
 * address it checked, so Chromium never resolves a name or reaches an address the guard refuses.
 * Why a host could not be reached (refused by the guard, not resolving, refused) is kept per host:
 * it is the check's reason when the page of that host fails.
 */
export async function guardedProxy(policy: OutboundPolicy) {
  const failures = new Map<string, string>();
  const sockets = new Set<net.Socket>();
  const fail = (host: string, err: unknown) => {
    if (failures.size < 100 && !failures.has(host)) failures.set(host, failureReason(err, 0, false));
    return (err as { code?: string }).code === "EOUTBOUNDREFUSED" ? 403 : 502;
  };
  const open = async (host: string, port: number) => {
    const { address, family } = await resolveTarget(host, policy);
    return net.connect({ host: address, port, family });
  };
  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? "");
      if (target.protocol !== "http:") throw new Error("not http");
    } catch {
      return res.writeHead(400).end();
    }
    const port = Number(target.port) || 80;
    open(target.hostname, port).then(
      (socket) => {
        sockets.add(socket);
        const upstream = http.request(
          {
            createConnection: () => socket,
            method: req.method,
            path: `${target.pathname}${target.search}`,
            headers: { ...req.headers, host: target.host, connection: "close" },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.once("error", () => res.destroy());
        req.pipe(upstream);
      },
      (err: Error) => res.writeHead(fail(target.hostname, err), { "content-type": "text/plain" }).end(),
    );
  });
  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(req.url ?? "");
    if (!m) return client.end("HTTP/1.1 400 Bad Request\r\n\r\n");
    open(m[1]!, Number(m[2])).then(
      (upstream) => {
        sockets.add(upstream);
        upstream.once("connect", () => {
          client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          if (head.length) upstream.write(head);
          upstream.pipe(client).pipe(upstream);
        });
        const close = () => (client.destroy(), upstream.destroy());
        upstream.once("error", (err) => (fail(m[1]!, err), close()));
        client.once("error", close);
      },
      (err: Error) =>
        client.end(fail(m[1]!, err) === 403 ? "HTTP/1.1 403 Forbidden\r\n\r\n" : "HTTP/1.1 502 Bad Gateway\r\n\r\n"),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Why the host could not be reached through the proxy, if it could not. */
    failureOf: (host: string) => failures.get(host.replace(/^\[(.*)\]$/, "$1")) ?? null,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
