"use client";

import { Field } from "./fields";
import type { MonitorDraft } from "./monitor-draft";

type Props = { draft: MonitorDraft; update: (changes: Partial<MonitorDraft>) => void; errors: Record<string, string> };

/** Drift: a run is drifted when it takes longer than the median baseline by the percentage and the minimum. */
export function DriftFields({ draft, update, errors }: Props) {
  return (
    <fieldset className="stack">
      <legend>Drift</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.driftAlerts}
          onChange={(e) => update({ driftAlerts: e.target.checked })}
        />
        Alert when a run drifts
      </label>
      <div className="row wrap tight">
        <Field label="Drift threshold (%)" error={errors.drift_pct}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="number"
              min={0}
              max={100}
              value={draft.driftPct}
              aria-describedby={describedBy}
              onChange={(e) => update({ driftPct: e.target.value })}
            />
          )}
        </Field>
        <Field label="Minimum drift (seconds)" error={errors.drift_min_seconds}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="number"
              min={0}
              value={draft.driftMinSeconds}
              aria-describedby={describedBy}
              onChange={(e) => update({ driftMinSeconds: e.target.value })}
            />
          )}
        </Field>
      </div>
      <p className="muted small-text">
        A run counts as drifted when it runs longer than the usual (median) duration by both amounts.
      </p>
    </fieldset>
  );
}
