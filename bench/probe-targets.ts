// The loopback targets of `bench:probe --mixed`: one per check type, and the config of the i-th
// service (http, tcp, dns, tls, grpc, ping in turn; browser for the browser checks).
import https from "node:https";
import type { AddressInfo } from "node:net";
import * as grpc from "@grpc/grpc-js";
import { HealthImplementation } from "grpc-health-check";
import { selfSignedCertificate } from "../tests/support/certificates";
import { startDnsServer } from "../tests/support/dns-server";

export type MixedTargets = Awaited<ReturnType<typeof startMixedTargets>>;

const TYPES = ["http", "tcp", "dns", "tls", "grpc", "ping"] as const;

export async function startMixedTargets(httpUrl: string) {
  const httpPort = Number(new URL(httpUrl).port);
  const secure = https.createServer(selfSignedCertificate(-24, 90 * 24), (req, res) => {
    req.resume();
    res.end("ok");
  });
  await new Promise<void>((r) => secure.listen(0, "127.0.0.1", r));
  const tlsPort = (secure.address() as AddressInfo).port;
  const dns = await startDnsServer();
  dns.set("app.bench.test", "A", ["10.0.0.1"]);
  const server = new grpc.Server();
  new HealthImplementation({ "": "SERVING" }).addToServer(server);
  const grpcPort = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  const configs: Record<(typeof TYPES)[number] | "browser", string> = {
    http: JSON.stringify({ url: httpUrl, method: "GET", expected_status_code: 200, timeout: 10 }),
    tcp: JSON.stringify({ host: "127.0.0.1", port: httpPort, timeout: 10 }),
    dns: JSON.stringify({ name: "app.bench.test", record_type: "A", resolver: dns.address, timeout: 10 }),
    tls: JSON.stringify({ host: "127.0.0.1", port: tlsPort, sni: "localhost", ignore_tls_errors: true, timeout: 10 }),
    grpc: JSON.stringify({ host: "127.0.0.1", port: grpcPort, service: "", tls: false, timeout: 10 }),
    ping: JSON.stringify({ host: "127.0.0.1", count: 1, timeout: 5 }),
    browser: JSON.stringify({
      url: httpUrl,
      steps: [{ action: "expect_text", text: "ok" }],
      timeout: 30,
    }),
  };
  return {
    /** The i-th service's type and stored config. */
    service: (i: number, browser: boolean): [string, string] => {
      const type = browser ? "browser" : TYPES[i % TYPES.length]!;
      return [type, configs[type]];
    },
    close: async () => {
      secure.closeAllConnections();
      secure.close();
      await dns.stop();
      server.forceShutdown();
    },
  };
}
