"use client";

import { useState, type FormEvent } from "react";
import { PLANS } from "../../shared/plans";
import type { ServiceType } from "../../shared/service-types";
import { HTTP_METHODS } from "../../shared/vocabulary";
import { CheckFields, checkConfigOf, checkFieldValues } from "./check-fields";
import { errorText, fieldErrors } from "../common/errors";
import { Field } from "../monitors/fields";
import { useProjects } from "../monitors/use-projects";
import { DependsOnFields } from "../common/depends-on-fields";
import { TestCheck } from "./test-check";
import type { DependsOn } from "../../shared/schemas/dependencies";
import { SubmitButton } from "../common/submit-button";

export type ServiceValues = {
  name: string;
  type: ServiceType;
  project_id: number | null;
  interval: number;
  enabled: boolean;
  config: Record<string, unknown>;
  /** Slower than this (ms) reads as degraded; omitted when empty (no threshold). */
  degraded_ms?: number | null;
  /** Failed checks in a row that take it down, successes that bring it back (omitted: the defaults, 2 and 1). */
  failure_threshold?: number;
  recovery_threshold?: number;
  /** The parents (a full replace sends them, so an edit keeps them). */
  depends_on?: DependsOn;
};

const INTERVAL_HINT = `Seconds between checks; your plan sets the minimum (${Object.entries(PLANS)
  .map(([name, p]) => `${name[0]!.toUpperCase()}${name.slice(1)} ${p.minServiceIntervalSeconds} s`)
  .join(", ")}).`;

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** Create or edit an http or tcp service (decisions 8); errors land on their field. */
export function ServiceForm(props: {
  initial?: ServiceValues & { id?: number };
  submitLabel: string;
  onSubmit: (v: ServiceValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { projects } = useProjects();
  const init = props.initial;
  const [v, setV] = useState({
    name: init?.name ?? "",
    type: init?.type ?? ("http" as const),
    project: str(init?.project_id),
    interval: str(init?.interval ?? 300),
    enabled: init?.enabled ?? true,
    url: str(init?.config.url),
    method: str(init?.config.method ?? "GET"),
    status: str(init?.config.expected_status_code ?? 200),
    keyword: str(init?.config.keyword),
    host: str(init?.config.host),
    port: str(init?.config.port),
    timeout: str(init?.config.timeout ?? 10),
    degraded: str(init?.degraded_ms),
    failureThreshold: str(init?.failure_threshold ?? 2),
    recoveryThreshold: str(init?.recovery_threshold ?? 1),
  });
  const [extra, setExtra] = useState(() => checkFieldValues(init?.config ?? {}));
  const [dependsOn, setDependsOn] = useState<DependsOn>(init?.depends_on ?? { cron_monitor_ids: [], service_ids: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (c: Partial<typeof v>) => setV((x) => ({ ...x, ...c }));

  function values(): ServiceValues {
    const config: Record<string, unknown> =
      v.type === "http"
        ? {
            url: v.url,
            method: v.method,
            expected_status_code: Number(v.status),
            timeout: Number(v.timeout),
            ...(v.keyword ? { keyword: v.keyword } : {}),
            ...checkConfigOf("http", extra),
          }
        : v.type === "tcp"
          ? { host: v.host, port: Number(v.port), timeout: Number(v.timeout), ...checkConfigOf("tcp", extra) }
          : v.type === "browser"
            ? { url: v.url, timeout: Number(v.timeout), ...checkConfigOf("browser", extra) }
            : v.type === "ping"
              ? { host: v.host, timeout: Number(v.timeout), ...checkConfigOf("ping", extra) }
              : v.type === "grpc"
                ? { host: v.host, port: Number(v.port), timeout: Number(v.timeout), ...checkConfigOf("grpc", extra) }
                : v.type === "tls"
                  ? {
                      host: v.host,
                      ...(v.port ? { port: Number(v.port) } : {}),
                      timeout: Number(v.timeout),
                      ...checkConfigOf("tls", extra),
                    }
                  : { timeout: Number(v.timeout), ...checkConfigOf("dns", extra) };
    return {
      name: v.name,
      type: v.type,
      project_id: v.project ? Number(v.project) : null,
      interval: Number(v.interval),
      enabled: v.enabled,
      config,
      ...(v.degraded.trim() ? { degraded_ms: Number(v.degraded) } : {}),
      ...(v.failureThreshold.trim() ? { failure_threshold: Number(v.failureThreshold) } : {}),
      ...(v.recoveryThreshold.trim() ? { recovery_threshold: Number(v.recoveryThreshold) } : {}),
      depends_on: dependsOn,
    };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      await props.onSubmit(values());
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(byField);
      setFormError(
        Object.keys(byField).length ? "Not saved: check the fields marked below." : `Not saved: ${errorText(err)}`,
      );
    }
  }

  const input = (
    label: string,
    key: keyof typeof v,
    errorKey: string,
    extra: Record<string, unknown> = {},
    hint?: string,
  ) => (
    <Field label={label} error={errors[errorKey]} hint={hint}>
      {({ id, describedBy }) => (
        <input
          id={id}
          value={String(v[key])}
          aria-describedby={describedBy}
          aria-invalid={errors[errorKey] ? true : undefined}
          onChange={(e) => set({ [key]: e.target.value })}
          {...extra}
        />
      )}
    </Field>
  );

  return (
    <form className="stack" onSubmit={submit} aria-label={props.submitLabel}>
      <div className="filters">
        {input("Name", "name", "name")}
        <Field label="Type" error={errors.type}>
          {({ id }) => (
            <select id={id} value={v.type} onChange={(e) => set({ type: e.target.value as ServiceType })}>
              <option value="http">HTTP(S)</option>
              <option value="tcp">TCP port</option>
              <option value="dns">DNS</option>
              <option value="tls">TLS certificate</option>
              <option value="grpc">gRPC health</option>
              <option value="ping">Ping (ICMP)</option>
              <option value="browser">Browser (Chromium)</option>
            </select>
          )}
        </Field>
        <Field label="Project" error={errors.project_id}>
          {({ id }) => (
            <select id={id} value={v.project} onChange={(e) => set({ project: e.target.value })}>
              <option value="">No project</option>
              {projects.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {input("Check interval (seconds)", "interval", "interval", { type: "number", min: 1 }, INTERVAL_HINT)}
        {v.type === "http" ? (
          <>
            {input("URL", "url", "url", { type: "url", placeholder: "https://example.com/health" })}
            <Field label="Method" error={errors.method}>
              {({ id }) => (
                <select id={id} value={v.method} onChange={(e) => set({ method: e.target.value })}>
                  {HTTP_METHODS.map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              )}
            </Field>
            {input("Expected status code", "status", "expected_status_code", { type: "number", min: 100, max: 599 })}
            {input("Keyword (optional)", "keyword", "keyword")}
          </>
        ) : v.type === "browser" ? (
          input("URL", "url", "url", { type: "url", placeholder: "https://example.com/login" })
        ) : v.type === "dns" ? null : (
          <>
            {input("Host", "host", "host", { placeholder: "db.example.com" })}
            {v.type !== "ping" &&
              input(v.type === "tls" ? "Port (default 443)" : "Port", "port", "port", {
                type: "number",
                min: 1,
                max: 65535,
              })}
          </>
        )}
        <CheckFields type={v.type} values={extra} onChange={setExtra} errors={errors} />
        {input("Timeout (seconds)", "timeout", "timeout", { type: "number", min: 1, max: 60 })}
        {input(
          "Degraded above (ms, optional)",
          "degraded",
          "degraded_ms",
          { type: "number", min: 1, placeholder: "none" },
          "Checks slower than this read as degraded. Leave empty for no threshold.",
        )}
        {input(
          "Failure threshold (checks in a row)",
          "failureThreshold",
          "failure_threshold",
          { type: "number", min: 1, inputMode: "numeric" },
          "Failed checks in a row, across its probes, that take the service down (default 2).",
        )}
        {input(
          "Recovery threshold (checks in a row)",
          "recoveryThreshold",
          "recovery_threshold",
          { type: "number", min: 1, inputMode: "numeric" },
          "Successful checks in a row that bring a down service back (default 1).",
        )}
      </div>
      <label className="check">
        <input type="checkbox" checked={v.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        Enabled (checks run)
      </label>
      <DependsOnFields
        self={init?.id !== undefined ? { type: "service", id: init.id } : null}
        selected={dependsOn}
        onChange={setDependsOn}
        error={errors.depends_on ?? errors["depends_on.cron_monitor_ids"] ?? errors["depends_on.service_ids"]}
      />
      <TestCheck
        draft={() => {
          const { type, config } = values();
          return { type, config, ...(init?.id !== undefined ? { service_id: init.id } : {}) };
        }}
        onFieldErrors={setErrors}
      />
      {formError && (
        <p className="error" role="alert">
          {formError}
        </p>
      )}
      <div className="row">
        <SubmitButton>{props.submitLabel}</SubmitButton>
        {props.onCancel && (
          <button type="button" className="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
