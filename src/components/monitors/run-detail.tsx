"use client";

import { useQuery } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useTRPC } from "../../trpc/react";
import { errorText } from "../common/errors";
import { LocalTime } from "../common/relative-time";
import { durationText } from "../common/time";
import { RunStatusBadge } from "./run-status";

/** The organization rides in the org switcher's cookie, like the server render's. */
function logUrl(monitorId: number, rid: string, download = false): string {
  return `/api/dashboard/runs/${monitorId}/${encodeURIComponent(rid)}/log${download ? "?download=1" : ""}`;
}

async function fetchLog(monitorId: number, rid: string): Promise<string> {
  const res = await fetch(logUrl(monitorId, rid), { cache: "no-store" });
  if (!res.ok)
    throw new Error(
      res.status === 404
        ? "This run has no log here (it may have been deleted)."
        : "The log could not be loaded; please try again.",
    );
  return res.text();
}

/** One run: its figures, the events timeline and the log (monospace, whitespace kept, download). */
export function RunDetail({ monitorId, rid, initialLog }: { monitorId: number; rid: string; initialLog?: string }) {
  const trpc = useTRPC();
  const run = useQuery(trpc.cronRuns.get.queryOptions({ id: monitorId, rid }));
  const log = useQuery({
    queryKey: ["run-log", monitorId, rid],
    queryFn: () => fetchLog(monitorId, rid),
    initialData: initialLog,
  });
  if (run.isLoading)
    return (
      <p role="status" className="muted">
        Loading run…
      </p>
    );
  if (run.isError)
    return (
      <p className="error" role="alert">
        {errorText(run.error)}
      </p>
    );
  const r = run.data!.data;
  return (
    <section className="stack-lg">
      <p>
        <PrefetchLink href={`/monitors/${monitorId}`}>← Back to the monitor</PrefetchLink>
      </p>
      <h1>
        Run <span className="mono small-text">{r.rid}</span>
      </h1>
      <dl className="facts card">
        <div>
          <dt>Status</dt>
          <dd>
            <RunStatusBadge status={r.status} />
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>
            <LocalTime iso={r.started_at} />
          </dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>{r.finished_at ? <LocalTime iso={r.finished_at} /> : "not yet"}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>
            {durationText(r.duration_ms)}
            {r.baseline_ms !== null && <span className="muted"> (baseline {durationText(r.baseline_ms)})</span>}
          </dd>
        </div>
        <div>
          <dt>Exit code</dt>
          <dd>{r.exit_code ?? "—"}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{r.source}</dd>
        </div>
        <div>
          <dt>Marks</dt>
          <dd>{[r.drifted && "drifted", r.overlapped && "overlapped"].filter(Boolean).join(", ") || "none"}</dd>
        </div>
      </dl>
      <section className="card stack" aria-labelledby="events-title">
        <h2 id="events-title" className="h3">
          Events
        </h2>
        {r.events.length === 0 ? (
          <p className="muted">No log events for this run.</p>
        ) : (
          <ol className="timeline">
            {r.events.map((e, i) => (
              <li key={i}>
                <LocalTime iso={e.at} /> <span className="mono">{e.message}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="card stack" aria-labelledby="log-title">
        <div className="row between wrap">
          <h2 id="log-title" className="h3">
            Log
          </h2>
          <a className="button secondary small" href={logUrl(monitorId, r.rid, true)} download>
            Download log
          </a>
        </div>
        <p className="muted small-text">
          {r.log_bytes} bytes captured{r.truncated ? "; truncated at 100 KB" : ""}.
        </p>
        {log.isLoading ? (
          <p className="muted" role="status">
            Loading log…
          </p>
        ) : log.isError ? (
          <p className="error" role="alert">
            {errorText(log.error)}
          </p>
        ) : log.data ? (
          <pre className="log" data-testid="run-log" tabIndex={0} role="region" aria-label="Run log">
            {log.data}
            {r.truncated && <span className="truncated">{"\n"}[… truncated: only the first 100 KB were kept]</span>}
          </pre>
        ) : (
          <p className="muted">This run captured no output.</p>
        )}
      </section>
    </section>
  );
}
