import { runHttpCheck } from "./http";
import { runTcpCheck } from "./tcp";
import type { Check, CheckOptions, CheckResult } from "./types";

export { failureReason } from "./reason";
export { checkFromConfig } from "../domain/check-config";
export * from "./types";

/** Runs one check of any type. Never throws: every failure is a `down` result with its reason. */
export function runCheck(check: Check, opts: CheckOptions): Promise<CheckResult> {
  return check.type === "http" ? runHttpCheck(check, opts) : runTcpCheck(check, opts);
}
