"use client";

import { useState } from "react";
import { errorText } from "../common/errors";
import { Pager } from "../common/pager";
import { RelativeTime } from "../common/relative-time";
import { msText } from "./format";
import { useCheckErrors } from "./use-service-data";
import { CHECK_ERRORS_LIMIT } from "../first-screen";
import { TableScroll } from "../common/table-scroll";

/** The first page is answered during the server render (first-screen.ts). */
const LIMIT = CHECK_ERRORS_LIMIT;

/** Failed checks, newest first, paginated. */
export function CheckErrors({ serviceId }: { serviceId: number }) {
  const [page, setPage] = useState(1);
  const query = useCheckErrors(serviceId, page, LIMIT);
  const rows = query.data?.data ?? [];
  // The latest failed browser run whose screenshot is kept (only the latest few are: docs/limits.md).
  const shot = page === 1 ? rows.find((e) => e.screenshot) : undefined;
  return (
    <section className="card stack" aria-labelledby="errors-title">
      <h2 id="errors-title" className="h3">
        Recent errors
      </h2>
      {query.isLoading ? (
        <p className="muted" role="status">
          Loading errors…
        </p>
      ) : query.isError ? (
        <p className="error" role="alert">
          Errors not available: {errorText(query.error)}
        </p>
      ) : rows.length === 0 ? (
        <p className="muted">No failed checks. All quiet.</p>
      ) : (
        <>
          {shot && (
            <figure className="stack" data-testid="failed-run-screenshot">
              <img
                src={`/api/dashboard/services/${serviceId}/screenshots/${shot.id}`}
                alt={`Screenshot of the failed browser run at ${shot.steps?.at(-1)?.step ?? "the page load"}`}
                style={{ maxWidth: "100%", height: "auto", border: "1px solid var(--border, #ccc)" }}
                loading="lazy"
              />
              <figcaption className="muted">
                The latest failed run, at {shot.steps?.at(-1)?.step ?? "the page load"}
              </figcaption>
            </figure>
          )}
          <TableScroll label="Recent errors table">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Status code</th>
                  <th scope="col">Response time</th>
                  <th scope="col">Probe</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => (
                  <tr key={e.id} data-testid="error-row">
                    <td>
                      <RelativeTime iso={e.started_at} />
                    </td>
                    <td>
                      {e.reason ?? "—"}
                      {e.steps && (
                        <div className="muted">{e.steps.map((t) => `${t.step} ${msText(t.ms)}`).join(" · ")}</div>
                      )}
                    </td>
                    <td>{e.status_code ?? "—"}</td>
                    <td>{msText(e.response_time_ms)}</td>
                    <td>{e.probe_id === null ? "—" : `#${e.probe_id}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
      <Pager page={page} total={query.data?.meta.total ?? 0} limit={LIMIT} onPage={setPage} />
    </section>
  );
}
