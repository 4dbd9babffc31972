import { MAX_SCREENSHOT_BYTES, type CheckResult } from "./types";

export type { ResultTarget, StoredResult } from "../storage/check-store";
import type { ResultTarget, StoredResult } from "../storage/check-store";

/**
 * The one mapping from a check result to the result stored: the platform probe in this process
 * (`POST /services/{id}/run`), the results probes post (decoded by `checkResultFromWire`) and a
 * stored row read back all go through it.
 */
export function storedResult(target: ResultTarget, r: CheckResult): StoredResult {
  return {
    serviceId: target.serviceId,
    lane: target.lane,
    slot: target.slot,
    outcome: r.outcome,
    reason: r.reason,
    statusCode: r.statusCode,
    responseTimeMs: r.responseTimeMs,
    startedAt: r.startedAt,
    dnsMs: r.timing.dnsMs,
    connectMs: r.timing.connectMs,
    tlsMs: r.timing.tlsMs,
    firstByteMs: r.timing.firstByteMs,
    certificateDaysLeft: r.certificateDaysLeft,
    steps: r.steps ?? null,
    screenshot: r.screenshot ?? null,
  };
}

/** A result on the probe protocol's wire (`POST /probe/results`, shared/schemas/probe-agent.ts). */
export type ResultWire = {
  service_id: number;
  lane: number;
  slot: number;
  outcome: "up" | "down";
  reason: string | null;
  status_code: number | null;
  response_time_ms: number;
  started_at: string;
  timing: { dns_ms?: number | null; connect_ms?: number | null; tls_ms?: number | null; first_byte_ms?: number | null };
  certificate_days_left: number | null;
  steps?: { step: string; ms: number }[];
  /** A failed browser check's screenshot: base64 JPEG and the step it failed at. */
  screenshot?: { jpeg: string; step: string };
};

/** What a probe posts for the check it leased (the agent). */
export function checkResultWire(
  target: { service_id: number; lane: number; slot: number },
  r: CheckResult,
): ResultWire {
  return {
    service_id: target.service_id,
    lane: target.lane,
    slot: target.slot,
    outcome: r.outcome,
    reason: r.reason,
    status_code: r.statusCode,
    response_time_ms: r.responseTimeMs,
    started_at: r.startedAt.toISOString(),
    timing: timingWire(r.timing),
    certificate_days_left: r.certificateDaysLeft,
    ...(r.steps ? { steps: r.steps } : {}),
    ...(r.screenshot ? { screenshot: { jpeg: r.screenshot.jpeg.toString("base64"), step: r.screenshot.step } } : {}),
  };
}

/** The check result a probe posted (the inverse of `checkResultWire`; a timing it left out is null). */
export function checkResultFromWire(w: ResultWire): CheckResult {
  return {
    outcome: w.outcome,
    reason: w.reason,
    statusCode: w.status_code,
    responseTimeMs: w.response_time_ms,
    startedAt: new Date(w.started_at),
    timing: {
      dnsMs: w.timing.dns_ms ?? null,
      connectMs: w.timing.connect_ms ?? null,
      tlsMs: w.timing.tls_ms ?? null,
      firstByteMs: w.timing.first_byte_ms ?? null,
    },
    certificateDaysLeft: w.certificate_days_left,
    ...(w.steps ? { steps: w.steps } : {}),
    ...screenshotFromWire(w.screenshot),
  };
}

/** A posted screenshot is kept only when it decodes to a JPEG within MAX_SCREENSHOT_BYTES. */
function screenshotFromWire(s: ResultWire["screenshot"]): Pick<CheckResult, "screenshot"> {
  if (!s) return {};
  const jpeg = Buffer.from(s.jpeg, "base64");
  return isJpeg(jpeg) && jpeg.length <= MAX_SCREENSHOT_BYTES ? { screenshot: { jpeg, step: s.step } } : {};
}

/** A result's phase timings as the wire (a probe's report, a test's answer) writes them. */
export const timingWire = (t: CheckResult["timing"]) => ({
  dns_ms: t.dnsMs,
  connect_ms: t.connectMs,
  tls_ms: t.tlsMs,
  first_byte_ms: t.firstByteMs,
});

export const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8;
