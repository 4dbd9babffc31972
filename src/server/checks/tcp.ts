import net from "node:net";
import { resolveHost, round } from "./connect";
import { checkClock } from "./clock";
import { failureReason } from "./reason";
import { judged } from "./judge";
import type { CheckOptions, CheckResult, TcpCheck } from "./types";

/** One tcp check: the host resolves (through the guard for platform probes) and accepts a connection within the timeout. */
export async function runTcpCheck(check: TcpCheck, opts: CheckOptions): Promise<CheckResult> {
  const { t0, timing, result } = checkClock();
  const timeoutMs = check.timeoutSeconds * 1000;
  let timedOut = false;
  try {
    const { address, family } = await withTimeout(
      resolveHost(check.host, opts.policy),
      timeoutMs,
      () => (timedOut = true),
    );
    const tDns = performance.now();
    timing.dnsMs = round(tDns - t0);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect({ host: address, port: check.port, family });
      const timer = setTimeout(
        () => {
          timedOut = true;
          socket.destroy();
          reject(new Error("timeout"));
        },
        Math.max(1, timeoutMs - (tDns - t0)),
      );
      socket.once("connect", () => {
        clearTimeout(timer);
        timing.connectMs = round(performance.now() - tDns);
        socket.destroy();
        resolve();
      });
      socket.once("error", (err) => {
        clearTimeout(timer);
        socket.destroy();
        reject(err);
      });
    });
    const verdict = judged(check, opts, { responseTimeMs: round(performance.now() - t0) });
    return result(verdict.outcome, verdict.reason);
  } catch (err) {
    return result("down", failureReason(err, check.timeoutSeconds, timedOut));
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new Error("timeout"));
    }, ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}
