import { planOf } from "../../shared/plans";
import { DEFAULT_INTERVAL_SECONDS, type ServiceStatus } from "../../shared/schemas/services";

/** The status a reader sees: a disabled service is `paused`, whatever its last check said. */
export function displayedStatus(enabled: boolean, stored: string): ServiceStatus {
  if (!enabled) return "paused";
  return (["pending", "operational", "degraded", "down"] as const).find((s) => s === stored) ?? "pending";
}

export function minimumInterval(plan: string): number {
  return planOf(plan).minServiceIntervalSeconds;
}

export function defaultInterval(plan: string): number {
  return Math.max(DEFAULT_INTERVAL_SECONDS, minimumInterval(plan));
}

/** Why an interval is refused on a plan (the message names the minimum in seconds), or null. */
export function intervalProblem(interval: number, plan: string): string | null {
  const min = minimumInterval(plan);
  return interval < min ? `The interval must be at least ${min} seconds on the ${plan} plan` : null;
}

/**
 * The stored status after an edit: a new type or config, or re-enabling a paused service, makes the
 * last check result meaningless, so the service is `pending` until its next check.
 */
export function statusAfterEdit(
  before: { type: string; config: string; enabled: boolean; status: string },
  after: { type: string; config: string; enabled: boolean },
): string {
  const recheck = before.type !== after.type || before.config !== after.config || (!before.enabled && after.enabled);
  return recheck ? "pending" : before.status;
}

/** PATCH of a config (JSON merge patch, RFC 7396, one level): given keys replace, null removes. */
export function mergeConfig(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === null) delete merged[key];
  return merged;
}
