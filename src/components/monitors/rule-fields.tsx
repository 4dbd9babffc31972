"use client";

import { Field } from "./fields";
import type { MonitorDraft } from "./monitor-draft";

type Props = { draft: MonitorDraft; update: (changes: Partial<MonitorDraft>) => void; errors: Record<string, string> };

/** Run rules: a minimum runtime, failure and recovery thresholds, failure keywords (docs/api-cron-monitors.md). */
export function RuleFields({ draft, update, errors }: Props) {
  const number = (label: string, key: keyof MonitorDraft, field: string, min: number) => (
    <Field label={label} error={errors[field]}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type="number"
          min={min}
          value={draft[key] as string}
          aria-describedby={describedBy}
          onChange={(e) => update({ [key]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="stack">
      <legend>Run rules</legend>
      <div className="row wrap tight">
        {number("Minimum runtime (seconds)", "minRuntimeSeconds", "min_runtime_seconds", 1)}
        {number("Failure threshold (runs in a row)", "failureThreshold", "failure_threshold", 1)}
        {number("Recovery threshold (runs in a row)", "recoveryThreshold", "recovery_threshold", 1)}
      </div>
      <Field label="Failure keywords (comma-separated)" error={errors.failure_keywords}>
        {({ id, describedBy }) => (
          <input
            id={id}
            value={draft.failureKeywords}
            aria-describedby={describedBy}
            onChange={(e) => update({ failureKeywords: e.target.value })}
          />
        )}
      </Field>
      <p className="muted small-text">
        A successful run shorter than the minimum, or whose log contains a failure keyword, fails. An incident opens
        after the threshold&apos;s failed or missed runs in a row and resolves after the recovery threshold&apos;s
        successes. Empty: the first failure and the first success, as without rules.
      </p>
    </fieldset>
  );
}
