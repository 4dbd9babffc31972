import net, { isIP } from "node:net";
import tls from "node:tls";
import { resolveHost, round } from "./connect";
import { checkClock } from "./clock";
import { failureReason } from "./reason";
import { judged } from "./judge";
import type { CheckOptions, CheckResult, TlsCheck } from "./types";

const DAY_MS = 86_400_000;

/**
 * One tls check, without HTTP: the host resolves once (through the guard for platform probes), a
 * TCP connection and a TLS handshake with the check's server name verify the certificate (an
 * invalid or expired one is `down` with the handshake's words), and domain/check-verdict.ts judges
 * its days left.
 */
export async function runTlsCheck(check: TlsCheck, opts: CheckOptions): Promise<CheckResult> {
  const clock = checkClock();
  const { startedAt, t0, timing } = clock;
  let daysLeft: number | null = null;
  const result = (outcome: "up" | "down", reason: string | null) => clock.result(outcome, reason, daysLeft);
  const timeoutMs = check.timeoutSeconds * 1000;
  let timedOut = false;
  let socket: net.Socket | null = null;
  const timer = setTimeout(() => {
    timedOut = true;
    socket?.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" }));
  }, timeoutMs);
  try {
    const { address, family } = await resolveHost(check.host, opts.policy);
    if (timedOut) throw new Error("timeout");
    const tDns = performance.now();
    timing.dnsMs = round(tDns - t0);
    const host = check.host.replace(/^\[(.*)\]$/, "$1");
    const servername = check.sni ?? (isIP(host) ? undefined : host);
    const validTo = await new Promise<Date | null>((resolve, reject) => {
      const raw = net.connect({ host: address, port: check.port, family });
      socket = raw;
      raw.once("error", reject);
      raw.once("connect", () => {
        const tConnect = performance.now();
        timing.connectMs = round(tConnect - tDns);
        const secure = tls.connect({
          socket: raw,
          servername,
          ca: opts.ca,
          rejectUnauthorized: !check.ignoreTlsErrors,
        });
        socket = secure;
        secure.once("error", reject);
        secure.once("secureConnect", () => {
          timing.tlsMs = round(performance.now() - tConnect);
          const cert = secure.getPeerCertificate();
          secure.destroy();
          resolve(cert?.valid_to ? new Date(cert.valid_to) : null);
        });
      });
    });
    daysLeft = validTo ? Math.floor((validTo.getTime() - startedAt.getTime()) / DAY_MS) : null;
    const verdict = judged(check, opts, {
      certificateDaysLeft: daysLeft,
      responseTimeMs: round(performance.now() - t0),
    });
    return result(verdict.outcome, verdict.reason);
  } catch (err) {
    (socket as net.Socket | null)?.destroy();
    return result("down", failureReason(err, check.timeoutSeconds, timedOut));
  } finally {
    clearTimeout(timer);
  }
}
