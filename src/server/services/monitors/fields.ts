import {
  NO_RULES_WIRE,
  formatRules,
  mergeRules,
  rulesWire,
  runsDueAt,
  type RunRulesWire,
} from "../../domain/run-rules";
import type { UpdateCronMonitorInput } from "../../../shared/schemas/cron-monitors";

/** The stored columns of the writable fields other than the schedule (spec 2.2). */
export type EditableColumns = {
  name?: string;
  icon?: string | null;
  graceSeconds?: number;
  maxRuntimeSeconds?: number | null;
  driftPct?: number;
  driftMinSeconds?: number;
  driftAlerts?: boolean;
  paused?: boolean;
  suspended?: boolean;
  projectId?: number | null;
  integrationIds?: string;
};

/** Only the fields the body carries: what a PATCH (or an upsert's update) changes. */
export function editableColumns(input: UpdateCronMonitorInput): EditableColumns {
  const columns: EditableColumns = {
    name: input.name,
    icon: input.icon,
    graceSeconds: input.grace_seconds,
    maxRuntimeSeconds: input.max_runtime_seconds,
    driftPct: input.drift_pct,
    driftMinSeconds: input.drift_min_seconds,
    driftAlerts: input.drift_alerts,
    paused: input.paused,
    suspended: input.suspended,
    projectId: input.project_id,
    integrationIds: input.integration_ids && JSON.stringify([...new Set(input.integration_ids)]),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as EditableColumns;
}

/** The run rules' wire fields (docs/api-cron-monitors.md, "Run rules"). */
const RULE_KEYS = Object.keys(NO_RULES_WIRE) as (keyof RunRulesWire)[];

/** What a monitor's row holds of its run rules. */
export type StoredRules = { runRules: string | null; runsDueAt: Date | null };

/**
 * The run rules' columns after a write that carries some of their fields (none: nothing changes):
 * the fields over the stored rules (null and [] unset one), the period of expected runs started
 * anew when it changed (domain/run-rules.ts `runsDueAt`), and what the rules remember forgotten when
 * no rule is left.
 */
export function ruleColumns(
  input: UpdateCronMonitorInput,
  stored: StoredRules | null,
  now: Date,
): { runRules: string | null; runsDueAt: Date | null; runRulesState?: null } | Record<string, never> {
  const fields = Object.fromEntries(RULE_KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
  if (Object.keys(fields).length === 0) return {};
  const before = rulesWire(stored?.runRules ?? null);
  const after = mergeRules(before, fields as Partial<RunRulesWire>);
  const runRules = formatRules(after);
  return {
    runRules,
    runsDueAt: runsDueAt(before, after, stored?.runsDueAt ?? null, now),
    ...(runRules === null ? { runRulesState: null } : {}),
  };
}
