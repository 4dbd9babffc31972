"use client";

import { errorText } from "../common/errors";
import { localDateTime } from "../common/time";
import { msText } from "./format";
import { useRunCheck } from "./use-service-data";

/** "Check now": one check by a probe, its result shown right here (outcome, reason, status, time). */
export function CheckNow({ serviceId, disabled }: { serviceId: number; disabled?: boolean }) {
  const run = useRunCheck(serviceId);
  const result = run.data;
  return (
    <section className="card stack" aria-labelledby="check-now-title">
      <div className="row between wrap">
        <h2 id="check-now-title" className="h3">
          Check now
        </h2>
        <button
          type="button"
          className="secondary"
          disabled={run.isPending || disabled}
          onClick={() => run.mutate(undefined)}
        >
          {run.isPending ? "Checking…" : "Check now"}
        </button>
      </div>
      <div role="status" aria-live="polite" data-testid="check-result">
        {run.isPending ? (
          <p className="muted">Checking…</p>
        ) : run.isError ? (
          <p className="error">Check not run: {errorText(run.error)}</p>
        ) : result ? (
          <dl className="facts">
            <div>
              <dt>Outcome</dt>
              <dd data-testid="check-outcome">
                <span className={`badge ${result.outcome === "up" ? "state-up" : "state-down"}`}>
                  <span aria-hidden="true">{result.outcome === "up" ? "●" : "▲"}</span>{" "}
                  {result.outcome === "up" ? "Up" : "Down"}
                </span>
              </dd>
            </div>
            <div>
              <dt>Reason</dt>
              <dd>{result.reason ?? "—"}</dd>
            </div>
            <div>
              <dt>Status code</dt>
              <dd>{result.status_code ?? "—"}</dd>
            </div>
            <div>
              <dt>Response time</dt>
              <dd>{msText(result.response_time_ms)}</dd>
            </div>
            <div>
              <dt>Checked</dt>
              <dd>
                {localDateTime(result.started_at)} <span className="muted small-text">by probe #{result.probe_id}</span>
              </dd>
            </div>
          </dl>
        ) : (
          <p className="muted">
            {disabled
              ? "Resume the service to check it."
              : "Runs one check at once and shows its result here; it counts like any other check."}
          </p>
        )}
      </div>
    </section>
  );
}
