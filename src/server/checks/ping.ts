import { spawn } from "node:child_process";
import { isIP } from "node:net";
import { resolveHost, round } from "./connect";
import { checkClock } from "./clock";
import { failureReason } from "./reason";
import { judged } from "./judge";
import type { CheckOptions, CheckResult, PingCheck } from "./types";

/** Seconds between echo requests (iputils' shortest for an unprivileged user). */
const INTERVAL_SECONDS = 0.2;
/** Bytes of ping's output read at most (its summary is two lines). */
const MAX_OUTPUT = 16 * 1024;

/**
 * One ping check: the host resolves once (through the guard for platform probes) and the system's
 * `ping` (iputils) sends `count` ICMP echo requests to that address, 0.2 s apart, awaiting the replies within
 * the timeout. Node has no
 * raw sockets; the arguments are built from validated values only, without a shell: numbers and an
 * address that isIP accepts, after `--`. domain/check-verdict.ts judges the loss and the round trip.
 */
export async function runPingCheck(check: PingCheck, opts: CheckOptions): Promise<CheckResult> {
  const { t0, timing, result } = checkClock();
  try {
    const { address, family } = await resolveHost(check.host, opts.policy);
    timing.dnsMs = round(performance.now() - t0);
    const remaining = check.timeoutSeconds - (performance.now() - t0) / 1000;
    // The last request goes out (count - 1) intervals after the first; its reply is awaited the rest.
    const wait = Math.max(1, Math.floor(remaining - (check.count - 1) * INTERVAL_SECONDS));
    const args = pingArguments(address, family, check.count, wait);
    const { code, output, error } = await runPing(args, (check.timeoutSeconds + 2) * 1000);
    const summary = pingSummary(output);
    if (!summary) return result("down", pingFailure(code, output, error));
    const verdict = judged(check, opts, {
      packetLoss: summary.lossPercent,
      packetsSent: summary.sent,
      responseTimeMs: summary.avgMs ?? undefined,
    });
    // The response time of a ping check is the average round trip (the whole run when none came back).
    const r = result(verdict.outcome, verdict.reason);
    if (summary.avgMs !== null) r.responseTimeMs = summary.avgMs;
    return r;
  } catch (err) {
    return result("down", failureReason(err, check.timeoutSeconds, false));
  }
}

/** ping's arguments: numeric output, summary only, count, interval, how long a reply is awaited, the address last. */
export function pingArguments(address: string, family: number, count: number, waitSeconds: number): string[] {
  if (!isIP(address)) throw new Error(`not an IP address: ${address}`);
  return [
    family === 6 ? "-6" : "-4",
    "-n",
    "-q",
    "-c",
    String(Math.trunc(count)),
    "-i",
    String(INTERVAL_SECONDS),
    "-W",
    String(Math.trunc(waitSeconds)),
    "--",
    address,
  ];
}

function runPing(args: string[], killAfterMs: number): Promise<{ code: number | null; output: string; error?: Error }> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn("ping", args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" } as unknown as NodeJS.ProcessEnv,
    });
    const take = (d: Buffer) => {
      if (output.length < MAX_OUTPUT) output += d.toString("utf8");
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      resolve({ code: null, output, error });
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export type PingSummary = { sent: number; received: number; lossPercent: number; avgMs: number | null };

/** `3 packets transmitted, 2 received, ... 33.3333% packet loss` and `rtt min/avg/max/mdev = a/b/c/d ms`. */
export function pingSummary(output: string): PingSummary | null {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received/.exec(output);
  if (!counts) return null;
  const sent = Number(counts[1]);
  const received = Number(counts[2]);
  if (sent === 0) return null;
  const rtt = /= [\d.]+\/([\d.]+)\/[\d.]+\/[\d.]+ ms/.exec(output);
  return {
    sent,
    received,
    lossPercent: Math.round(((sent - received) / sent) * 1000) / 10,
    avgMs: rtt ? Math.round(Number(rtt[1]) * 1000) / 1000 : null,
  };
}

function pingFailure(code: number | null, output: string, error?: Error): string {
  if ((error as NodeJS.ErrnoException | undefined)?.code === "ENOENT")
    return "this probe cannot ping: no ping command (install iputils-ping)";
  const said =
    output
      .trim()
      .split("\n")[0]
      ?.replace(/^ping: /, "") ?? "";
  if (/not permitted|permission denied/i.test(said)) return `this probe may not send ICMP: ${said.slice(0, 200)}`;
  if (/unreachable/i.test(said)) return "host unreachable";
  return `ping failed${code === null ? "" : ` (exit ${code})`}${said ? `: ${said.slice(0, 200)}` : ""}`;
}
