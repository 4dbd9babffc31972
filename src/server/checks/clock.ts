import { round } from "./connect";
import type { CheckResult, CheckTiming } from "./types";

/**
 * A check's clock: when it started, its phases' timing (filled in as they happen), and the result it
 * ends with, its response time measured then. Shared by the checks without an HTTP response.
 */
export function checkClock() {
  const startedAt = new Date();
  const t0 = performance.now();
  const timing: CheckTiming = { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null };
  const result = (
    outcome: "up" | "down",
    reason: string | null,
    certificateDaysLeft: number | null = null,
  ): CheckResult => ({
    outcome,
    reason,
    statusCode: null,
    responseTimeMs: round(performance.now() - t0),
    timing,
    certificateDaysLeft,
    startedAt,
  });
  return { startedAt, t0, timing, result };
}
