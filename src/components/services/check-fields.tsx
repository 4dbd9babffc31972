"use client";

import type { ServiceType } from "../../shared/service-types";
import { DNS_RECORD_TYPES } from "../../shared/vocabulary";
import { Field } from "../monitors/fields";

/**
 * The fields of the check types beyond the first ones (docs/api-checks.md): http's request,
 * authentication, redirects, accepted statuses and certificate; dns; tls; grpc; ping; browser steps; and every type's
 * assertions, written as a JSON list. Pure mapping between a stored config and the form's values.
 */
export type CheckFieldValues = {
  headers: string;
  body: string;
  contentType: string;
  authType: "" | "basic" | "bearer";
  username: string;
  password: string;
  token: string;
  followRedirects: boolean;
  maxRedirects: string;
  accepted: string;
  ignoreTls: boolean;
  warningDays: string;
  dnsName: string;
  recordType: string;
  resolver: string;
  sni: string;
  grpcService: string;
  grpcTls: boolean;
  pingCount: string;
  steps: string;
  assertions: string;
};

const s = (v: unknown) => (v === undefined || v === null ? "" : String(v));

export function checkFieldValues(config: Record<string, unknown>): CheckFieldValues {
  const auth = (config.auth ?? {}) as Record<string, unknown>;
  const headers = (config.headers ?? {}) as Record<string, string>;
  return {
    headers: Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
    body: s(config.body),
    contentType: s(config.content_type),
    authType: (auth.type as "basic" | "bearer" | undefined) ?? "",
    username: s(auth.username),
    password: s(auth.password),
    token: s(auth.token),
    followRedirects: config.follow_redirects !== false,
    maxRedirects: s(config.max_redirects),
    accepted: Array.isArray(config.accepted_status_codes) ? config.accepted_status_codes.join(", ") : "",
    ignoreTls: config.ignore_tls_errors === true,
    warningDays: s(config.certificate_warning_days),
    dnsName: s(config.name),
    recordType: s(config.record_type ?? "A"),
    resolver: s(config.resolver),
    sni: s(config.sni),
    grpcService: s(config.service),
    grpcTls: config.tls === true,
    pingCount: s(config.count),
    steps: Array.isArray(config.steps) && config.steps.length ? JSON.stringify(config.steps, null, 2) : "",
    assertions:
      Array.isArray(config.assertions) && config.assertions.length ? JSON.stringify(config.assertions, null, 2) : "",
  };
}

/** The config fields the values give for a type (empty fields left out, so defaults apply). */
export function checkConfigOf(type: ServiceType, v: CheckFieldValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (v.assertions.trim()) {
    try {
      out.assertions = JSON.parse(v.assertions);
    } catch {
      out.assertions = v.assertions; // the server answers why
    }
  }
  if (type === "http") {
    const headers = Object.fromEntries(
      v.headers
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => {
          const i = l.indexOf(":");
          return i < 0 ? [l.trim(), ""] : [l.slice(0, i).trim(), l.slice(i + 1).trim()];
        }),
    );
    if (Object.keys(headers).length) out.headers = headers;
    if (v.body) out.body = v.body;
    if (v.contentType) out.content_type = v.contentType;
    if (v.authType === "basic") out.auth = { type: "basic", username: v.username, password: v.password };
    if (v.authType === "bearer") out.auth = { type: "bearer", token: v.token };
    if (!v.followRedirects) out.follow_redirects = false;
    if (v.maxRedirects) out.max_redirects = Number(v.maxRedirects);
    const accepted = v.accepted
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    if (accepted.length) out.accepted_status_codes = accepted;
  }
  if (type === "http" || type === "tls") {
    if (v.ignoreTls) out.ignore_tls_errors = true;
    if (v.warningDays) out.certificate_warning_days = Number(v.warningDays);
  }
  if ((type === "tls" || (type === "grpc" && v.grpcTls)) && v.sni) out.sni = v.sni;
  if (type === "ping" && v.pingCount) out.count = Number(v.pingCount);
  if (type === "browser") {
    if (v.steps.trim()) {
      try {
        out.steps = JSON.parse(v.steps);
      } catch {
        out.steps = v.steps; // the server answers why
      }
    }
    if (v.ignoreTls) out.ignore_tls_errors = true;
  }
  if (type === "grpc") {
    if (v.grpcService) out.service = v.grpcService;
    out.tls = v.grpcTls;
    if (v.grpcTls && v.ignoreTls) out.ignore_tls_errors = true;
  }
  if (type === "dns") {
    out.name = v.dnsName;
    out.record_type = v.recordType;
    if (v.resolver) out.resolver = v.resolver;
  }
  return out;
}

export function CheckFields(props: {
  type: ServiceType;
  values: CheckFieldValues;
  onChange: (v: CheckFieldValues) => void;
  errors: Record<string, string>;
}) {
  const { type, values: v, errors } = props;
  const set = (c: Partial<CheckFieldValues>) => props.onChange({ ...v, ...c });
  const errorOf = (prefix: string) =>
    Object.entries(errors)
      .filter(([k]) => k === prefix || k.startsWith(`${prefix}.`))
      .map(([k, m]) => (k === prefix ? m : `${k.slice(prefix.length + 1)}: ${m}`))
      .join(" ") || undefined;
  const text = (
    label: string,
    key: keyof CheckFieldValues,
    errorKey: string,
    extra: Record<string, unknown> = {},
    hint?: string,
  ) => (
    <Field label={label} error={errorOf(errorKey)} hint={hint}>
      {({ id, describedBy }) => (
        <input
          id={id}
          value={String(v[key])}
          aria-describedby={describedBy}
          aria-invalid={errorOf(errorKey) ? true : undefined}
          onChange={(e) => set({ [key]: e.target.value })}
          {...extra}
        />
      )}
    </Field>
  );
  const area = (label: string, key: keyof CheckFieldValues, errorKey: string, hint?: string) => (
    <Field label={label} error={errorOf(errorKey)} hint={hint}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          rows={3}
          value={String(v[key])}
          aria-describedby={describedBy}
          aria-invalid={errorOf(errorKey) ? true : undefined}
          onChange={(e) => set({ [key]: e.target.value })}
        />
      )}
    </Field>
  );
  const box = (label: string, key: "followRedirects" | "ignoreTls" | "grpcTls") => (
    <label className="check">
      <input type="checkbox" checked={v[key]} onChange={(e) => set({ [key]: e.target.checked })} />
      {label}
    </label>
  );
  return (
    <>
      {type === "dns" && (
        <>
          {text("Name", "dnsName", "name", { placeholder: "example.com" })}
          <Field label="Record type" error={errorOf("record_type")}>
            {({ id }) => (
              <select id={id} value={v.recordType} onChange={(e) => set({ recordType: e.target.value })}>
                {DNS_RECORD_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            )}
          </Field>
          {text(
            "Resolver (optional)",
            "resolver",
            "resolver",
            { placeholder: "1.1.1.1:53" },
            "host:port; the probe's own servers when empty.",
          )}
        </>
      )}
      {type === "tls" && text("Server name (SNI, optional)", "sni", "sni")}
      {type === "browser" && (
        <>
          {area(
            "Steps (optional, JSON)",
            "steps",
            "steps",
            'Run in order after the page loads, like [{"action": "fill", "selector": "#user", "value": "ops"}, {"action": "click", "selector": "text=Sign in"}, {"action": "wait_for_text", "text": "Welcome"}]; actions: goto, click, fill, press, wait_for_text, expect_text, expect_url, expect_title.',
          )}
          {box("Ignore TLS errors", "ignoreTls")}
        </>
      )}
      {type === "ping" &&
        text("Echo requests (optional)", "pingCount", "count", { type: "number", min: 1, max: 10, placeholder: "3" })}
      {type === "grpc" && (
        <>
          {text(
            "Service (optional)",
            "grpcService",
            "service",
            { placeholder: "package.Service" },
            "The service whose health is asked; the whole server when empty.",
          )}
          {box("Use TLS", "grpcTls")}
          {v.grpcTls && text("Server name (SNI, optional)", "sni", "sni")}
          {v.grpcTls && box("Ignore TLS errors", "ignoreTls")}
        </>
      )}
      {type === "http" && (
        <>
          {area("Request headers (optional)", "headers", "headers", "One per line: Name: value")}
          {area("Request body (optional)", "body", "body")}
          {text("Body format (MIME, optional)", "contentType", "content_type", { placeholder: "application/json" })}
          <Field label="Authentication" error={errorOf("auth")}>
            {({ id }) => (
              <select
                id={id}
                value={v.authType}
                onChange={(e) => set({ authType: e.target.value as CheckFieldValues["authType"] })}
              >
                <option value="">None</option>
                <option value="basic">Basic</option>
                <option value="bearer">Bearer token</option>
              </select>
            )}
          </Field>
          {v.authType === "basic" && (
            <>
              {text("User name", "username", "auth.username", { autoComplete: "off" })}
              {text("Password", "password", "auth.password", { type: "password", autoComplete: "new-password" })}
            </>
          )}
          {v.authType === "bearer" && text("Token", "token", "auth.token", { type: "password", autoComplete: "off" })}
          {text(
            "Accepted status codes (optional)",
            "accepted",
            "accepted_status_codes",
            { placeholder: "200-299, 301" },
            "Codes or ranges, comma-separated; replaces the expected status code.",
          )}
          {text("Maximum redirects (optional)", "maxRedirects", "max_redirects", {
            type: "number",
            min: 0,
            max: 10,
            placeholder: "5",
          })}
        </>
      )}
      {(type === "http" || type === "tls") &&
        text(
          "Certificate warning (days, optional)",
          "warningDays",
          "certificate_warning_days",
          { type: "number", min: 0, max: 365, placeholder: "14" },
          "Degraded when the certificate expires sooner.",
        )}
      {type === "http" && box("Follow redirects", "followRedirects")}
      {(type === "http" || type === "tls") &&
        box("Ignore TLS errors (the certificate's days still count)", "ignoreTls")}
      {area(
        "Assertions (optional, JSON)",
        "assertions",
        "assertions",
        'A list like [{"source": "json_body", "property": "$.status", "comparison": "equals", "target": "UP"}]; see the API docs.',
      )}
    </>
  );
}
