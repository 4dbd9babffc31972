"use client";

import type { IntegrationKind } from "../../shared/schemas/integrations";
import { Field } from "../monitors/fields";
import { errorKeyOf, isSecretField, storedText, type StoredIntegration } from "./config-values";
import { kindOf } from "../../shared/notification-kinds";
import type { KindField } from "../../shared/notification-kinds/kind";

/** "Bot token" → "bot token"; an acronym stays ("URL", "API key"). */
const lowerFirst = (s: string) => (/^[A-Z]{2}/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));

/**
 * The settings of one kind, one input per field of its form (src/shared/notification-kinds/<kind>.ts), each with its help and its
 * server error. A credential being edited shows its mask and replaces it only when typed.
 */
export function KindFields(props: {
  kind: IntegrationKind;
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  errors: Record<string, string>;
  stored?: StoredIntegration;
}) {
  const look = kindOf(props.kind).form;
  return (
    <>
      {look.docs && (
        <p className="muted small-text">
          Where to get the URL or key:{" "}
          <a href={look.docs.href} target="_blank" rel="noopener noreferrer">
            {look.docs.text}
          </a>
        </p>
      )}
      {look.fields.map((f) => (
        <KindInput key={`${props.kind}.${f.name}`} field={f} {...props} />
      ))}
    </>
  );
}

function KindInput(props: {
  field: KindField;
  kind: IntegrationKind;
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  errors: Record<string, string>;
  stored?: StoredIntegration;
}) {
  const { field: f, stored } = props;
  const secret = isSecretField(props.kind, f.name);
  const replacing = Boolean(stored) && secret;
  const error = props.errors[errorKeyOf(f)];
  const now = replacing ? storedText(f, stored!) : "";
  const label = replacing ? `New ${lowerFirst(f.label.replace(" (optional)", ""))}` : f.label;
  const hint = replacing
    ? `Now: ${now || "none"} (hidden: it is a credential). Leave empty to keep it. ${f.help ?? ""}`
    : f.help;
  const value = props.values[f.name] ?? "";
  const set = (v: string) => props.onChange(f.name, v);
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => {
        const common = {
          id,
          "aria-describedby": describedBy,
          "aria-invalid": error ? true : undefined,
          required: Boolean(f.required) && !replacing,
        } as const;
        if (f.input === "select") {
          return (
            <select {...common} value={value} onChange={(e) => set(e.target.value)}>
              {f.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          );
        }
        if (f.input === "textarea") {
          return (
            <textarea
              {...common}
              value={value}
              rows={4}
              spellCheck={false}
              placeholder={f.placeholder}
              onChange={(e) => set(e.target.value)}
            />
          );
        }
        const type = secret && f.input !== "url" ? "password" : f.input === "number" ? "number" : f.input;
        return (
          <input
            {...common}
            type={type}
            value={value}
            min={f.min}
            max={f.max}
            step={f.input === "number" ? 1 : undefined}
            inputMode={f.input === "number" ? "numeric" : undefined}
            placeholder={f.placeholder}
            spellCheck={false}
            autoComplete={type === "password" ? "new-password" : "off"}
            onChange={(e) => set(e.target.value)}
          />
        );
      }}
    </Field>
  );
}
