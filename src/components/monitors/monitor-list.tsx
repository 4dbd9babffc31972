"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useState } from "react";
import type { ListCronMonitorsInput } from "../../shared/schemas/cron-monitors";
import { MONITOR_STATES } from "../../shared/vocabulary";
import { useTRPC } from "../../trpc/react";
import { errorText } from "../common/errors";
import { Pager } from "../common/pager";
import { countText } from "../common/use-debounced";
import { NameSearchBox, useNameSearch } from "../common/name-search";
import { MonitorRow } from "./monitor-row";
import { STATE_WORDS } from "./state-badge";
import { useProjects } from "./use-projects";
import { LIST_LIMIT } from "../first-screen";

/** The first page is answered during the server render (first-screen.ts). */
const LIMIT = LIST_LIMIT;
export const LIVE_REFRESH_MS = 3000;

export function MonitorList() {
  const trpc = useTRPC();
  const { projects, byId } = useProjects();
  const [state, setState] = useState<ListCronMonitorsInput["state"] | "">("");
  const [project, setProject] = useState("");
  const [page, setPage] = useState(1);
  // Filters, search and paging are the server's: one page of rows whatever the organization holds.
  const { search, setSearch, needle } = useNameSearch(() => setPage(1));
  const input = {
    ...(state ? { state } : {}),
    ...(project ? { project } : {}),
    ...(needle ? { search: needle } : {}),
    page,
    limit: LIMIT,
  };
  const query = useQuery({
    ...trpc.cronMonitors.list.queryOptions(input),
    refetchInterval: LIVE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;

  return (
    <section className="stack-lg">
      <div className="row between wrap">
        <h1>Monitors</h1>
        <PrefetchLink className="button" href="/monitors/new">
          New monitor
        </PrefetchLink>
      </div>
      <div className="filters">
        <label>
          State
          <select
            value={state}
            onChange={(e) => {
              setState(e.target.value as typeof state);
              setPage(1);
            }}
          >
            <option value="">All states</option>
            {MONITOR_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_WORDS[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Project
          <select
            value={project}
            onChange={(e) => {
              setProject(e.target.value);
              setPage(1);
            }}
          >
            <option value="">All projects</option>
            <option value="null">No project</option>
            {projects.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <NameSearchBox value={search} onChange={setSearch} placeholder="backup" />
      </div>
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {query.isLoading ? (
        <p className="muted" role="status">
          Loading monitors…
        </p>
      ) : rows.length === 0 ? (
        <div className="empty card">
          {total === 0 && !state && !project && !needle ? (
            <p>
              No monitors yet. <PrefetchLink href="/monitors/new">Create your first monitor</PrefetchLink> and point a
              cron job at its ping URL.
            </p>
          ) : (
            <p>No monitor matches these filters.</p>
          )}
        </div>
      ) : (
        <ul className="monitor-list" aria-label="Monitors">
          {rows.map((m) => (
            <MonitorRow key={m.id} monitor={m} project={m.project_id ? byId.get(m.project_id) : undefined} />
          ))}
        </ul>
      )}
      <p className="muted small-text" role="status" data-testid="monitor-total">
        {countText(total, "monitor", Boolean(state || project || needle))}
      </p>
      <Pager page={page} total={total} limit={LIMIT} onPage={setPage} />
      <p className="muted small-text" aria-live="off">
        Refreshes every {LIVE_REFRESH_MS / 1000} seconds.
      </p>
    </section>
  );
}
