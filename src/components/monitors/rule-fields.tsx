"use client";

import { DurationField, Field } from "./fields";
import type { MonitorDraft } from "./monitor-draft";

type Props = { draft: MonitorDraft; update: (changes: Partial<MonitorDraft>) => void; errors: Record<string, string> };
type TextKey = {
  [K in keyof MonitorDraft]: MonitorDraft[K] extends string ? K : never;
}[keyof MonitorDraft];

/**
 * Run rules (docs/api-cron-monitors.md, "Run rules"): run shape (a minimum runtime, most and fewest
 * runs per period), failure and recovery thresholds or a failure rate, output keywords. Each refusal
 * is shown on its field (a keyword's refusal, reported per list item, on its list).
 */
export function RuleFields({ draft, update, errors }: Props) {
  const errorOf = (field: string) =>
    errors[field] ??
    Object.entries(errors)
      .filter(([k]) => k.startsWith(`${field}.`))
      .map(([, v]) => v)[0];
  const number = (label: string, key: TextKey, field: string, min: number) => (
    <Field label={label} error={errorOf(field)}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          value={draft[key]}
          placeholder="none"
          aria-describedby={describedBy}
          aria-invalid={errorOf(field) ? true : undefined}
          onChange={(e) => update({ [key]: e.target.value })}
        />
      )}
    </Field>
  );
  const keywords = (label: string, key: TextKey, field: string) => (
    <Field label={label} error={errorOf(field)}>
      {({ id, describedBy }) => (
        <input
          id={id}
          value={draft[key]}
          aria-describedby={describedBy}
          aria-invalid={errorOf(field) ? true : undefined}
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
        {number("Maximum runs per period", "maxRunsPerPeriod", "max_runs_per_period", 1)}
        {number("Expected runs per period", "expectedRunsPerPeriod", "expected_runs_per_period", 1)}
        <DurationField
          label="Runs period"
          amount={draft.runsPeriod.amount}
          unit={draft.runsPeriod.unit}
          onChange={(amount, unit) => update({ runsPeriod: { amount, unit } })}
          error={errorOf("runs_period_seconds")}
          optional
        />
      </div>
      <div className="row wrap tight">
        {number("Failure threshold (runs in a row)", "failureThreshold", "failure_threshold", 1)}
        {number("Failure rate (% of runs failed)", "failureRatePct", "failure_rate_pct", 1)}
        {number("Failure rate window (runs)", "failureRateWindow", "failure_rate_window", 2)}
        {number("Recovery threshold (runs in a row)", "recoveryThreshold", "recovery_threshold", 1)}
      </div>
      {keywords("Failure keywords (comma-separated)", "failureKeywords", "failure_keywords")}
      {keywords("Success keywords (comma-separated)", "successKeywords", "success_keywords")}
      <label className="check">
        <input
          type="checkbox"
          checked={draft.keywordsCaseSensitive}
          onChange={(e) => update({ keywordsCaseSensitive: e.target.checked })}
        />
        Match keywords case-sensitively
      </label>
      <p className="muted small-text">
        A successful run shorter than the minimum, whose log contains a failure keyword or none of the success keywords,
        or one run more than the maximum within the period (default one hour) fails; fewer runs than expected by the end
        of a period open an incident. An incident opens after the threshold&apos;s failed or missed runs in a row, or
        when the failure rate over the window (default 10 runs) is reached, and resolves after the recovery
        threshold&apos;s successes. Empty: the first failure and the first success, as without rules.
      </p>
    </fieldset>
  );
}
