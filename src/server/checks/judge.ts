import { verdictOf, type Verdict } from "../domain/check-verdict";
import type { Observed } from "../domain/assertions";
import type { Check } from "../domain/check-config";
import type { CheckOptions } from "./types";

/** The verdict on what a runner observed; a caller that asked to see the observation (a test run) is shown it first. */
export function judged(check: Check, opts: CheckOptions, observed: Observed): Verdict {
  opts.observe?.(observed);
  return verdictOf(check, observed);
}
