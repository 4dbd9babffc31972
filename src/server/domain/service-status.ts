import { serviceIncidentChange } from "./incidents";

/**
 * The status rules of an actively checked service, pure: every instant is passed in.
 *
 *   pending      no result yet;
 *   operational  the latest result of every reporting probe is up (and fast enough);
 *   degraded     up, but slower than the service's `degraded_ms`, or with a warning (an up result that
 *                carries a reason: the certificate expires soon), or one of several probes failing;
 *   down         confirmed only: the failures in a row of the failing probes add up to the service's
 *                `failure_threshold` (default 2: one probe failing twice in a row, the confirming
 *                re-check running CONFIRM_RECHECK_SECONDS after the first failure, not a whole
 *                interval later; or two probes failing at once); once down, it stays down until an
 *                up probe has answered up `recovery_threshold` times in a row (default 1);
 *   paused       the service is disabled (`enabled` false), whatever the results say.
 * Entering `down` opens one incident; leaving it resolves that incident (domain/incidents.ts).
 */

export type ServiceStatus = "pending" | "operational" | "degraded" | "down" | "paused";

/** Seconds after a first, unconfirmed failure that the confirming re-check is due. */
export const CONFIRM_RECHECK_SECONDS = 10;

/** A probe's latest result counts while it is at most this many intervals old. */
export const FRESH_INTERVALS = 3;

/** The latest result one probe reported for the service, with its run of failures. */
export type ProbeLatest = {
  probeId: number;
  outcome: "up" | "down";
  responseTimeMs: number;
  /** Failures in a row this probe has reported, the latest included (0 when up). */
  consecutiveFailures: number;
  /** Successes in a row this probe has reported (0 when down; absent: 1 when up). */
  consecutiveSuccesses?: number;
  at: Date;
  /** The result's reason: on an up result, a warning (domain/check-verdict.ts). */
  reason?: string | null;
};

export type StatusInput = {
  enabled: boolean;
  previous: ServiceStatus;
  intervalSeconds: number;
  degradedMs: number | null;
  latest: ProbeLatest[];
  /** Failures in a row, added up across the failing probes, that confirm `down` (default 2). */
  failureThreshold?: number;
  /** Successes in a row on an up probe that end `down` (default 1). */
  recoveryThreshold?: number;
};

/** The service's thresholds when it sets none: today's two confirmations, the first success. */
export const DEFAULT_FAILURE_THRESHOLD = 2;
export const DEFAULT_RECOVERY_THRESHOLD = 1;

export type StatusDecision = {
  status: ServiceStatus;
  incident: "open" | "resolve" | null;
};

export function decideStatus(input: StatusInput, now: Date): StatusDecision {
  const status = statusOf(input, now);
  return { status, incident: serviceIncidentChange(input.previous, status) };
}

function freshOf(input: StatusInput, now: Date): ProbeLatest[] {
  const horizon = now.getTime() - FRESH_INTERVALS * input.intervalSeconds * 1000;
  return input.latest.filter((p) => p.at.getTime() >= horizon);
}

function statusOf(input: StatusInput, now: Date): ServiceStatus {
  const status = statusBeforeRecovery(input, now);
  if (input.previous !== "down" || status === "down" || status === "pending" || status === "paused") return status;
  // Leaving `down` takes `recovery_threshold` successes in a row on an up probe.
  const needed = input.recoveryThreshold ?? DEFAULT_RECOVERY_THRESHOLD;
  const recovered = freshOf(input, now).some((p) => p.outcome === "up" && (p.consecutiveSuccesses ?? 1) >= needed);
  return recovered ? status : "down";
}

function statusBeforeRecovery(input: StatusInput, now: Date): ServiceStatus {
  if (!input.enabled) return "paused";
  const fresh = freshOf(input, now);
  if (fresh.length === 0)
    return input.latest.length === 0 ? "pending" : input.previous === "paused" ? "pending" : input.previous;
  const failing = fresh.filter((p) => p.outcome === "down");
  const threshold = input.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD;
  if (failing.reduce((sum, p) => sum + p.consecutiveFailures, 0) >= threshold) return "down";
  if (failing.length >= 1) {
    // One unconfirmed failure: a lone probe keeps the status it had until the re-check confirms
    // or clears it; with other probes answering up, the service is degraded.
    if (fresh.length > 1) return "degraded";
    return input.previous === "paused" ? "pending" : input.previous;
  }
  if (input.degradedMs !== null && fresh.some((p) => p.responseTimeMs > input.degradedMs!)) return "degraded";
  if (fresh.some((p) => p.reason)) return "degraded";
  return "operational";
}

/**
 * The reason shown beside a status, one rule for every read: a status that is not a plain "all is
 * well" has one. `degraded` and `down` show the failing lane's words; `pending` shows why it waits
 * (a probe taken away, a first failure awaiting its re-check); `operational` and `paused` never show
 * one, even while an unconfirmed failure waits for its re-check.
 */
export function reasonBeside(status: ServiceStatus, reason: string | null): string | null {
  return status === "operational" || status === "paused" ? null : reason;
}

/**
 * Whether a lane's failure is its probe's own outbound setting refusing the target (the outbound
 * guard's words all begin `refused: `), not the target failing: another probe with a different
 * OUTBOUND_ALLOW_PRIVATE may reach it.
 */
export function refusedByOutboundSetting(reason: string | null): boolean {
  return reason !== null && reason.startsWith(OUTBOUND_REFUSAL_PREFIX);
}

/** How every outbound-guard refusal begins (src/server/outbound/guard.ts). */
export const OUTBOUND_REFUSAL_PREFIX = "refused: ";

/** The failures in a row after a new result, given the probe's run before it. */
export function nextFailureRun(previousRun: number, outcome: "up" | "down"): number {
  return outcome === "down" ? previousRun + 1 : 0;
}

/**
 * The reason a service's status (and the `service_down` incident it opens) shows: its first failing
 * lane's, else the first warning an up lane carries, or null.
 */
export function failingReason(lanes: readonly { outcome: string | null; reason: string | null }[]): string | null {
  return lanes.find((l) => l.outcome === "down")?.reason ?? lanes.find((l) => l.reason)?.reason ?? null;
}
