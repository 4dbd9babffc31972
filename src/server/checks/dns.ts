import { Resolver } from "node:dns/promises";
import { resolveHost, round } from "./connect";
import { checkClock } from "./clock";
import { failureReason } from "./reason";
import { judged } from "./judge";
import type { CheckOptions, CheckResult, DnsCheck } from "./types";

/** Errors of node:dns that are answers: the response code they stand for. */
const RCODE_OF: Record<string, string> = {
  ENOTFOUND: "NXDOMAIN",
  ENODATA: "NOERROR",
  ESERVFAIL: "SERVFAIL",
  EREFUSED: "REFUSED",
  ENOTIMP: "NOTIMP",
  EFORMERR: "FORMERR",
};

/**
 * One dns check: asks the check's resolver (resolved and checked by the outbound guard on platform
 * probes; the probe's own servers when none is named) once, one try, within the timeout, then
 * domain/check-verdict.ts judges the response code and the answers.
 */
export async function runDnsCheck(check: DnsCheck, opts: CheckOptions): Promise<CheckResult> {
  const { t0, timing, result } = checkClock();
  const timeoutMs = check.timeoutSeconds * 1000;
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  try {
    if (check.resolver) {
      const { address, family } = await resolveHost(check.resolver.host, opts.policy);
      resolver.setServers([family === 6 ? `[${address}]:${check.resolver.port}` : `${address}:${check.resolver.port}`]);
    }
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        resolver.cancel();
        reject(Object.assign(new Error("timeout"), { code: "ETIMEOUT" }));
      }, timeoutMs + 200);
    });
    let answers: string[] = [];
    let rcode = "NOERROR";
    try {
      answers = answerTexts(await Promise.race([resolver.resolve(check.name, check.recordType), late]));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? "";
      if (code === "ETIMEOUT" || code === "ECANCELLED") {
        timedOut = true;
        throw err;
      }
      if (!RCODE_OF[code]) throw err;
      rcode = RCODE_OF[code]!;
    }
    timing.dnsMs = round(performance.now() - t0);
    const verdict = judged(check, opts, { dnsAnswers: answers, dnsRcode: rcode, responseTimeMs: timing.dnsMs });
    return result(verdict.outcome, verdict.reason);
  } catch (err) {
    return result("down", failureReason(err, check.timeoutSeconds, timedOut));
  } finally {
    clearTimeout(timer);
  }
}

/** Each answer as one text: an address, a name, `10 mail.example.com`, a TXT record's strings joined, an SOA's fields. */
function answerTexts(records: unknown): string[] {
  return (records as unknown[]).map((r) => {
    if (typeof r === "string") return r;
    if (Array.isArray(r)) return r.join("");
    const o = r as Record<string, unknown>;
    if ("exchange" in o) return `${String(o.priority)} ${String(o.exchange)}`;
    if ("nsname" in o)
      return [o.nsname, o.hostmaster, o.serial, o.refresh, o.retry, o.expire, o.minttl].map(String).join(" ");
    return JSON.stringify(r);
  });
}
