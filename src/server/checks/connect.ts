import dns from "node:dns";
import net, { isIP } from "node:net";
import tls from "node:tls";
import type { buildConnector } from "undici";
import { resolveTarget, type OutboundPolicy } from "../outbound";
import type { CheckTiming } from "./types";

/** Resolves a host once: through the outbound guard for platform probes, plainly for private ones. */
export async function resolveHost(
  hostname: string,
  policy: OutboundPolicy | null,
): Promise<{ address: string; family: number }> {
  if (policy) return resolveTarget(hostname, policy);
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  const family = isIP(host);
  if (family) return { address: host, family };
  return dns.promises.lookup(host, { verbatim: true });
}

export type ConnectionFacts = { timing: CheckTiming; certificateValidTo: Date | null };

/**
 * An undici connector that resolves the host once (the address checked is the address connected
 * to), opens the socket and TLS itself and records how long each phase took and the certificate.
 */
export function timedConnector(
  policy: OutboundPolicy | null,
  facts: ConnectionFacts,
  ca?: string,
  ignoreTlsErrors = false,
): buildConnector.connector {
  return (options, callback) => {
    const t0 = performance.now();
    let settled = false;
    const finish = (err: Error | null, socket: net.Socket | null) => {
      if (settled) return;
      settled = true;
      if (err) socket?.destroy();
      err ? callback(err, null) : callback(null, socket!);
    };
    resolveHost(options.hostname, policy).then(
      ({ address, family }) => {
        const tDns = performance.now();
        facts.timing.dnsMs = round(tDns - t0);
        const https = options.protocol === "https:";
        const port = Number(options.port) || (https ? 443 : 80);
        const socket = net.connect({ host: address, port, family });
        socket.setNoDelay(true);
        socket.once("error", (err) => finish(err, socket));
        socket.once("connect", () => {
          const tConnect = performance.now();
          facts.timing.connectMs = round(tConnect - tDns);
          if (!https) return finish(null, socket);
          const host = options.hostname.replace(/^\[(.*)\]$/, "$1");
          const servername = options.servername || (isIP(host) ? undefined : host);
          const secure = tls.connect({
            socket,
            servername,
            ALPNProtocols: ["http/1.1"],
            ca,
            rejectUnauthorized: !ignoreTlsErrors,
          });
          secure.once("error", (err) => finish(err, secure));
          secure.once("secureConnect", () => {
            facts.timing.tlsMs = round(performance.now() - tConnect);
            const cert = secure.getPeerCertificate();
            facts.certificateValidTo = cert?.valid_to ? new Date(cert.valid_to) : null;
            finish(null, secure);
          });
        });
      },
      (err: Error) => finish(err, null),
    );
  };
}

export function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
