import type { ServiceType } from "../../shared/service-types";
import { refusedByOutboundSetting } from "./service-status";

/**
 * Whether a probe can serve a service, pure: it runs the service's type (the types it said at its
 * latest lease; a probe that never said runs every type), its owner may use it (private probes:
 * `probe.use`, checked again at every lease), and its outbound setting did not refuse the target
 * (the lane's latest failure). Answers null when it can, else why not, in words.
 */
export function whyProbeCannotServe(
  type: ServiceType,
  probe: { checkTypes: string | null; mayUse: boolean },
  lane: { outcome: string | null; reason: string | null } | null,
): string | null {
  if (probe.checkTypes !== null && !probe.checkTypes.split(",").includes(type))
    return `it does not run ${type} checks (it runs ${probe.checkTypes.split(",").join(", ") || "none"})`;
  if (!probe.mayUse) return "the service's owner may not use it (needs probe.use in its organization)";
  if (lane?.outcome === "down" && refusedByOutboundSetting(lane.reason))
    return `its outbound setting refuses the target (${lane.reason})`;
  return null;
}

/** The form a probe's types are stored in (sorted, comma-separated), or null when it did not say. */
export function checkTypesText(types: readonly string[] | undefined): string | null {
  return types ? [...types].sort().join(",") : null;
}
