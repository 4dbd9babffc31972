import { isoSeconds } from "../../shared/time";
import { assertionOutcomes, type Observed } from "../domain/assertions";
import type { OutboundPolicy } from "../outbound";
import { runCheck, type Check } from "./index";
import { timingWire } from "./stored-result";

/**
 * "Test this check" (docs/api-checks.md): the check run once and answered with every assertion's
 * outcome, as `POST /services/test` answers it (without `probe_id`). The same code runs it in the
 * web process for a platform probe and in a private probe's agent, which posts this answer back.
 */
export async function testRun(check: Check, policy: OutboundPolicy | null) {
  let observed: Observed | null = null;
  const r = await runCheck(check, { policy, observe: (o) => (observed = o) });
  const seen = observed as Observed | null;
  return {
    outcome: r.outcome,
    reason: r.reason,
    status_code: r.statusCode,
    response_time_ms: r.responseTimeMs,
    started_at: isoSeconds(r.startedAt),
    timing: timingWire(r.timing),
    certificate_days_left: r.certificateDaysLeft,
    assertions: seen
      ? assertionOutcomes(check.assertions, seen).map((o) => ({
          source: o.assertion.source,
          property: o.assertion.property ?? null,
          comparison: o.assertion.comparison,
          target: o.assertion.target ?? null,
          passed: o.passed,
          actual: o.actual,
          description: `${o.label} was ${o.actual}, wanted ${o.wanted}`,
        }))
      : [],
  };
}

export type TestRunAnswer = Awaited<ReturnType<typeof testRun>>;
