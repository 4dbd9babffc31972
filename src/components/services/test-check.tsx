"use client";

import { errorText, fieldErrors } from "../common/errors";
import { msText } from "./format";
import { useState } from "react";
import { useTestCheck, useTestProbes } from "./use-service-data";
import type { ServiceType } from "../../shared/service-types";

/**
 * "Test this check": the form's configuration checked once before it is saved (`services.test`,
 * nothing stored), with the outcome and every assertion's outcome; by the first platform probe, or
 * the probe chosen under "Test from" (shown when a private probe the user may use exists). Field
 * problems are handed to the form so they land on their field as a save's would.
 */
export function TestCheck(props: {
  draft: () => { type: ServiceType; config: Record<string, unknown>; service_id?: number };
  onFieldErrors: (errors: Record<string, string>) => void;
}) {
  const test = useTestCheck();
  const probes = useTestProbes();
  const [probe, setProbe] = useState("");
  const result = test.data;
  const run = () => {
    props.onFieldErrors({});
    const from = probe === "" ? {} : { probe: Number(probe) };
    test.mutate({ ...props.draft(), ...from }, { onError: (err) => props.onFieldErrors(fieldErrors(err)) });
  };
  return (
    <section className="card stack" aria-labelledby="test-check-title">
      <div className="row between wrap">
        <h2 id="test-check-title" className="h3">
          Test this check
        </h2>
        <div className="row wrap">
          {probes.some((p) => p.kind === "private") && (
            <label className="row">
              Test from
              <select value={probe} onChange={(e) => setProbe(e.target.value)} data-testid="test-probe">
                <option value="">The first platform probe</option>
                {probes.map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.kind === "platform" ? `Platform: ${p.name}` : `${p.name} (private, ${p.org ?? ""})`}
                    {p.status === "offline" ? " · offline" : ""}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="button" className="secondary" disabled={test.isPending} onClick={run}>
            {test.isPending ? "Testing…" : "Test this check"}
          </button>
        </div>
      </div>
      <div role="status" aria-live="polite" data-testid="test-result">
        {test.isPending ? (
          <p className="muted">Testing…</p>
        ) : test.isError ? (
          <p className="error">Not tested: {errorText(test.error)}</p>
        ) : result ? (
          <div className="stack">
            <p>
              <span
                className={`badge ${result.outcome === "up" ? "state-up" : "state-down"}`}
                data-testid="test-outcome"
              >
                <span aria-hidden="true">{result.outcome === "up" ? "●" : "▲"}</span>{" "}
                {result.outcome === "up" ? "Up" : "Down"}
              </span>{" "}
              {result.reason ?? "every rule held"} · {msText(result.response_time_ms)}
              {result.status_code !== null ? ` · status ${result.status_code}` : ""}
              <span className="muted small-text"> · probe #{result.probe_id}</span>
            </p>
            {result.assertions.length > 0 && (
              <ul className="stack" aria-label="Assertions">
                {result.assertions.map((a, i) => (
                  <li key={i} data-testid="assertion-outcome" data-passed={a.passed}>
                    <span className={`badge ${a.passed ? "state-up" : "state-down"}`}>
                      <span aria-hidden="true">{a.passed ? "✓" : "✗"}</span> {a.passed ? "Passed" : "Failed"}
                    </span>{" "}
                    {a.description}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <p className="muted">
            Runs the check once from a probe and shows each assertion&apos;s outcome; nothing is saved.
          </p>
        )}
      </div>
    </section>
  );
}
