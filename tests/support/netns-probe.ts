// A probe agent inside a network namespace of its own (started by tests/support/netns.ts under
// `unshare -n`): Lifeline is out of its reach except through LIFELINE_SOCKET, a Unix socket the
// test forwards to Lifeline. This file listens on the namespace's own loopback and relays each
// connection to that socket, then runs scripts/probe.ts with APP_URL pointing at the relay.
import net from "node:net";
import type { AddressInfo } from "node:net";

const socketPath = process.env.LIFELINE_SOCKET!;
const relay = net.createServer((client) => {
  const upstream = net.connect(socketPath);
  client.pipe(upstream).pipe(client);
  const close = () => (client.destroy(), upstream.destroy());
  client.once("error", close);
  upstream.once("error", close);
});
await new Promise<void>((r) => relay.listen(0, "127.0.0.1", r));
process.env.APP_URL = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
await import("../../scripts/probe");
