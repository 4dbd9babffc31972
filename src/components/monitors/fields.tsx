"use client";

import { useId, useMemo, type ReactNode } from "react";

export const UNITS = [
  { value: 60, label: "minutes" },
  { value: 3600, label: "hours" },
  { value: 86400, label: "days" },
] as const;

/** The largest unit that divides `seconds` evenly (for showing a stored duration). */
export function splitSeconds(seconds: number | null): { amount: string; unit: number } {
  if (seconds === null) return { amount: "", unit: 60 };
  const unit = [...UNITS].reverse().find((u) => seconds % u.value === 0)?.value ?? 60;
  return { amount: String(seconds % unit === 0 ? seconds / unit : seconds / 60), unit };
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="error field-error" role="alert">
      {message}
    </p>
  );
}

/** A labelled control with its own hint and error below it. */
export function Field(props: {
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (ids: { id: string; describedBy?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({ id, describedBy })}
      {props.hint && (
        <p id={hintId} className="muted small-text">
          {props.hint}
        </p>
      )}
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}

/** A duration in human units: an amount plus minutes / hours / days. */
export function DurationField(props: {
  label: string;
  amount: string;
  unit: number;
  onChange: (amount: string, unit: number) => void;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint}>
      {({ id, describedBy }) => (
        <div className="row tight">
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            step="any"
            value={props.amount}
            placeholder={props.optional ? "none" : undefined}
            aria-describedby={describedBy}
            aria-invalid={props.error ? true : undefined}
            onChange={(e) => props.onChange(e.target.value, props.unit)}
          />
          <select
            aria-label={`${props.label} unit`}
            value={props.unit}
            onChange={(e) => props.onChange(props.amount, Number(e.target.value))}
          >
            {UNITS.map((u) => (
              <option key={u.value} value={u.value}>
                {u.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
}

/** A searchable list of IANA zones (type to filter), any typed name accepted and checked by the engine. */
export function TimezoneField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (tz: string) => void;
  error?: string;
}) {
  const zones = useMemo(() => {
    const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return list.includes("UTC") ? list : ["UTC", ...list];
  }, []);
  const listId = useId();
  return (
    <Field label="Timezone" error={error} hint="Type to search, for example Berlin or New_York">
      {({ id, describedBy }) => (
        <>
          <input
            id={id}
            list={listId}
            value={value}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange(e.target.value)}
          />
          <datalist id={listId}>
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

export function secondsOf(amount: string, unit: number): number | null {
  if (amount.trim() === "") return null;
  const n = Number(amount);
  return Number.isFinite(n) ? Math.round(n * unit) : NaN;
}
