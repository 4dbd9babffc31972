import { asserts, failedAssertion, type Observed } from "./assertions";
import type { Check, DnsCheck, GrpcCheck, HttpCheck, PingCheck, TlsCheck } from "./check-config";

/**
 * A check's outcome from what it observed, pure (the runners in checks/ only measure). An `up`
 * result may carry a reason: a warning (the certificate expires soon) that makes the service
 * degraded (domain/service-status.ts). The short rules (expected or accepted status, keyword, a DNS
 * answer with NOERROR) step aside for a source the service's own assertions read.
 */
export type Verdict = { outcome: "up" | "down"; reason: string | null };

const UP: Verdict = { outcome: "up", reason: null };
const down = (reason: string): Verdict => ({ outcome: "down", reason });

export function verdictOf(check: Check, o: Observed): Verdict {
  switch (check.type) {
    case "http":
      return httpVerdict(check, o);
    case "dns":
      return dnsVerdict(check, o);
    case "tls":
      return tlsVerdict(check, o);
    case "grpc":
      return grpcVerdict(check, o);
    case "ping":
      return pingVerdict(check, o);
    case "browser":
    case "tcp": {
      const failed = failedAssertion(check.assertions, o);
      return failed ? down(failed) : UP;
    }
  }
}

export function statusAccepted(check: HttpCheck, code: number): boolean {
  const ranges = check.acceptedStatus ?? [[check.expectedStatusCode, check.expectedStatusCode]];
  return ranges.some(([from, to]) => code >= from && code <= to);
}

function httpVerdict(check: HttpCheck, o: Observed): Verdict {
  const code = o.statusCode ?? 0;
  const statusOk = asserts(check.assertions, "status_code") || statusAccepted(check, code);
  if (statusOk && check.keyword && !(o.body ?? "").includes(check.keyword)) return down("keyword missing");
  if (!statusOk) return down(`unexpected status ${code}`);
  const failed = failedAssertion(check.assertions, o);
  if (failed) return down(failed);
  return certificateVerdict(o.certificateDaysLeft ?? null, check.certificateWarningDays ?? 0);
}

function tlsVerdict(check: TlsCheck, o: Observed): Verdict {
  const failed = failedAssertion(check.assertions, o);
  if (failed) return down(failed);
  return certificateVerdict(o.certificateDaysLeft ?? null, check.certificateWarningDays);
}

/** Down once expired; up with a warning below the threshold. */
export function certificateVerdict(daysLeft: number | null, warningDays: number): Verdict {
  if (daysLeft === null) return UP;
  if (daysLeft < 0) return down(`certificate expired ${-daysLeft} day${-daysLeft === 1 ? "" : "s"} ago`);
  if (daysLeft < warningDays)
    return {
      outcome: "up",
      reason: `certificate expires in ${daysLeft} day${daysLeft === 1 ? "" : "s"} (warning below ${warningDays})`,
    };
  return UP;
}

function dnsVerdict(check: DnsCheck, o: Observed): Verdict {
  if (!asserts(check.assertions, "dns_rcode")) {
    if (o.dnsRcode !== "NOERROR") return down(`${o.dnsRcode}: ${check.name} ${check.recordType}`);
    if (!asserts(check.assertions, "dns_answer") && (o.dnsAnswers ?? []).length === 0)
      return down(`no ${check.recordType} record for ${check.name}`);
  }
  const failed = failedAssertion(check.assertions, o);
  return failed ? down(failed) : UP;
}

/** Up when the health service answers SERVING, unless the service's assertions read the status themselves. */
function grpcVerdict(check: GrpcCheck, o: Observed): Verdict {
  if (!asserts(check.assertions, "grpc_status") && o.grpcStatus !== "SERVING")
    return down(`health status ${o.grpcStatus ?? "missing"}${check.service ? ` for ${check.service}` : ""}`);
  const failed = failedAssertion(check.assertions, o);
  return failed ? down(failed) : UP;
}

/**
 * Down when no echo request was answered; up with a warning (degraded) when some were lost; the
 * service's assertions on the loss replace that rule. A lost run has no round trip to assert on.
 */
function pingVerdict(check: PingCheck, o: Observed): Verdict {
  const loss = o.packetLoss ?? 100;
  const sent = o.packetsSent ?? check.count;
  const lost = Math.round((loss / 100) * sent);
  const failed = failedAssertion(check.assertions, o);
  if (failed) return down(failed);
  if (asserts(check.assertions, "packet_loss")) return UP;
  if (loss >= 100) return down(`no reply: ${sent} of ${sent} packets lost`);
  if (loss > 0) return { outcome: "up", reason: `packet loss ${loss}% (${lost} of ${sent} lost)` };
  return UP;
}
