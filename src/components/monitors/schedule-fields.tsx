"use client";

import type { ReactNode } from "react";
import { DurationField, Field, TimezoneField } from "./fields";
import type { MonitorDraft } from "./monitor-draft";

type Props = {
  draft: MonitorDraft;
  update: (changes: Partial<MonitorDraft>) => void;
  errorFor: (field: string) => string | undefined;
  children?: ReactNode;
};

/** Schedule kind, then the cron expression and zone, or the period in human units. */
export function ScheduleFields({ draft, update, errorFor, children }: Props) {
  return (
    <fieldset className="stack">
      <legend>Schedule</legend>
      <Field label="Schedule kind" error={errorFor("schedule_kind")}>
        {({ id, describedBy }) => (
          <select
            id={id}
            value={draft.kind}
            aria-describedby={describedBy}
            onChange={(e) => update({ kind: e.target.value as MonitorDraft["kind"] })}
          >
            <option value="cron">Cron expression</option>
            <option value="period">Every fixed period</option>
          </select>
        )}
      </Field>
      {draft.kind === "cron" ? (
        <>
          <Field
            label="Cron expression"
            error={errorFor("cron_expression")}
            hint={
              <>
                Five fields: minute hour day-of-month month day-of-week, or a macro like <code>@daily</code>.
              </>
            }
          >
            {({ id, describedBy }) => (
              <input
                id={id}
                className="mono"
                value={draft.cron}
                placeholder="30 2 * * *"
                autoComplete="off"
                spellCheck={false}
                aria-describedby={describedBy}
                aria-invalid={errorFor("cron_expression") ? true : undefined}
                onChange={(e) => update({ cron: e.target.value })}
              />
            )}
          </Field>
          <TimezoneField
            value={draft.timezone}
            error={errorFor("timezone")}
            onChange={(timezone) => update({ timezone })}
          />
        </>
      ) : (
        <DurationField
          label="Period"
          amount={draft.period.amount}
          unit={draft.period.unit}
          error={errorFor("period_seconds")}
          hint="Time between expected pings (at least 1 minute)."
          onChange={(amount, unit) => update({ period: { amount, unit } })}
        />
      )}
      {children}
    </fieldset>
  );
}
