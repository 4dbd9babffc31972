import type { SweepCounts } from "../../shared/sweep-counts";
import { addCounts } from "../../shared/sweep-counts";
import type { SweepSteps } from "../storage/sweep-storage";
import { monitorSubject } from "./due-monitors";
import type { SweepRules } from "./rules";

/**
 * Runs still `running` past their limit (domain/sweep-rules.ts, through the rules' `overrunLimit`),
 * the same on both engines: each is flagged `timed_out` once (no later sweep reads it again; a
 * completion may still come and resolve the incident), its monitor goes down and a `max_runtime`
 * incident opens (domain/incidents.ts `afterOverrun`), in one write transaction of the engine's.
 */
export async function sweepOverrunningRuns(
  steps: Pick<SweepSteps, "overrunningRuns">,
  rules: SweepRules,
  now: Date,
  counts: SweepCounts,
): Promise<void> {
  const applied = await steps.overrunningRuns(now, (runs) =>
    runs.flatMap((r) => {
      const limitSeconds = rules.overrunLimit(r, now);
      if (limitSeconds === null) return [];
      const incidents = rules.incidents.afterOverrun(monitorSubject(r), { rid: r.rid, limitSeconds }, now);
      return [{ runId: r.run_id, monitorId: r.id, orgId: r.org_id, incidents }];
    }),
  );
  addCounts(counts, applied);
}
