import { checkFromConfig } from "../domain/check-config";
import { laneAfterResult, leaseSeconds, resultRefusal } from "../domain/check-slots";
import { incidentRules, NO_HOLD_RULES, type NotificationRules } from "../domain/incidents";
import { maintainedAt } from "../domain/maintenance";
import { CONFIRM_RECHECK_SECONDS, decideStatus, failingReason } from "../domain/service-status";
import type { CheckRules } from "../storage/check-store";

/** Screenshots of failed browser runs kept per service: the latest 5 (docs/limits.md). */
export const SCREENSHOTS_KEPT = 5;

/**
 * What a check result does to a service, from domain/: the lease a check gets, the lane's next
 * check, the service's status and, through domain/incidents.ts under `rules` (none hold anything by
 * default), its incidents and notifications. The check stores are given it and decide nothing.
 */
export function checkRules(rules: NotificationRules = NO_HOLD_RULES): CheckRules {
  return {
    leaseSeconds: (type, config) => leaseSeconds(checkFromConfig(type, config).timeoutSeconds),
    laneAfterResult: (lane, result, service, now) =>
      laneAfterResult(lane, result, service, CONFIRM_RECHECK_SECONDS, now),
    resultRefusal,
    decideStatus,
    failingReason,
    inMaintenance: maintainedAt,
    screenshotsKept: SCREENSHOTS_KEPT,
    incidents: incidentRules(rules),
  };
}
