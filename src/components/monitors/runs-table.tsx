"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useState } from "react";
import { runFlagText } from "../../shared/incident-kinds";
import { RUN_STATUSES } from "../../shared/vocabulary";
import { useTRPC } from "../../trpc/react";
import { errorText } from "../common/errors";
import { Pager } from "../common/pager";
import { RelativeTime } from "../common/relative-time";
import { durationText } from "../common/time";
import { DurationChart } from "./duration-chart";
import { RUN_STATUS_WORDS, RunStatusBadge } from "./run-status";
import { LIST_LIMIT } from "../first-screen";
import { TableScroll } from "../common/table-scroll";

/** The first page is answered during the server render (first-screen.ts). */
const LIMIT = LIST_LIMIT;

/** The monitor's runs, newest first, with a status filter, pagination and the duration chart. */
export function RunsTable({
  monitorId,
  refreshMs,
  minRuntimeSeconds = null,
}: {
  monitorId: number;
  refreshMs: number;
  /** The monitor's minimum runtime (a run rule), marked on the duration chart. */
  minRuntimeSeconds?: number | null;
}) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<(typeof RUN_STATUSES)[number] | "">("");
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...trpc.cronRuns.list.queryOptions({ id: monitorId, page, limit: LIMIT, ...(status ? { status } : {}) }),
    refetchInterval: refreshMs,
    placeholderData: keepPreviousData,
  });
  const runs = query.data?.data ?? [];
  return (
    <section className="card stack" aria-labelledby="runs-title">
      <div className="row between wrap">
        <h2 id="runs-title" className="h3">
          Runs
        </h2>
        <label className="inline">
          Run status
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as typeof status);
              setPage(1);
            }}
          >
            <option value="">All</option>
            {RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RUN_STATUS_WORDS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!status && page === 1 && runs.length > 1 && <DurationChart runs={runs} minRuntimeSeconds={minRuntimeSeconds} />}
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {query.isLoading ? (
        <p className="muted" role="status">
          Loading runs…
        </p>
      ) : runs.length === 0 ? (
        <p className="muted">No runs yet. Runs appear here as soon as the job pings its URL.</p>
      ) : (
        <TableScroll label="Runs table">
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Started</th>
                <th scope="col">Duration</th>
                <th scope="col">Exit code</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.rid} data-testid="run-row">
                  <td>
                    <PrefetchLink
                      href={`/monitors/${monitorId}/runs/${encodeURIComponent(r.rid)}`}
                      aria-label={`Run ${r.rid}: ${RUN_STATUS_WORDS[r.status]}`}
                    >
                      <RunStatusBadge status={r.status} />
                    </PrefetchLink>
                  </td>
                  <td>
                    <RelativeTime iso={r.started_at} />
                  </td>
                  <td>{durationText(r.duration_ms)}</td>
                  <td>{r.exit_code ?? "—"}</td>
                  <td className="small-text">
                    {[
                      r.flag && runFlagText(r.flag, r.flag_detail),
                      r.drifted && "drifted",
                      r.overlapped && "overlapped",
                      r.log_bytes > 0 && "log",
                      r.truncated && "truncated",
                    ]
                      .filter(Boolean)
                      .join(", ") || "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pager page={page} total={query.data?.meta.total ?? 0} limit={LIMIT} onPage={setPage} />
    </section>
  );
}
