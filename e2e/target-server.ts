import http from "node:http";
import type { AddressInfo } from "node:net";

export type Target = {
  url: string;
  /** The status code every following request is answered with. */
  answer: (status: number) => void;
  /** How many requests arrived so far. */
  hits: () => number;
  close: () => Promise<void>;
};

/** A tiny HTTP service on 127.0.0.1 (a free port) for probes to check; its answer can be flipped. */
export async function startTarget(initial = 200): Promise<Target> {
  let status = initial;
  let count = 0;
  const server = http.createServer((req, res) => {
    count += 1;
    req.resume();
    res.writeHead(status, { "content-type": "text/plain", connection: "close" });
    res.end(status < 400 ? "all good" : "failing on purpose");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/health`,
    answer: (s) => (status = s),
    hits: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
