"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { errorText } from "../common/errors";
import { Pager } from "../common/pager";
import { countText } from "../common/use-debounced";
import { NameSearchBox, useNameSearch } from "../common/name-search";
import type { ServiceStatus } from "../../shared/schemas/services";
import { SERVICE_STATUSES } from "../../shared/vocabulary";
import { PrefetchLink } from "../common/prefetch-link";
import { ProjectChip } from "../monitors/monitor-row";
import { percentText, targetText } from "./format";
import { PlatformProbeNotice } from "./platform-probe-notice";
import { ServiceForm, type ServiceValues } from "./service-form";
import { Sparkline } from "./sparkline";
import { SERVICE_STATUS_WORDS, ServiceStatusBadge } from "./status-badge";
import { usePulse, type Pulse } from "./use-service-data";
import { LIST_LIMIT } from "../first-screen";

/** The first page is answered during the server render (first-screen.ts). */
const LIMIT = LIST_LIMIT;
export const LIST_REFRESH_MS = 5000;

/** Services: each with its status in words, target, 24 h uptime and sparkline; create, edit, delete. */
export function ServiceList() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ServiceStatus | "">("");
  const [editing, setEditing] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  // Filters, search and paging are the server's: one page of rows whatever the account holds.
  const { search, setSearch, needle } = useNameSearch(() => setPage(1));
  const filtered = Boolean(status || needle);
  const list = useQuery({
    ...trpc.services.list.queryOptions({
      ...(status ? { status } : {}),
      ...(needle ? { search: needle } : {}),
      page,
      limit: LIMIT,
    }),
    refetchInterval: LIST_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  // One request for the whole page's figures, not one per row.
  const pulse = usePulse(rows.map((s) => s.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.services.pathKey() });
  const remove = useMutation({ mutationFn: (id: number) => client.services.delete.mutate({ id }), onSettled: refresh });
  const create = async (v: ServiceValues) => {
    await client.services.create.mutate(v);
    setCreating(false);
    await refresh();
  };

  return (
    <section className="stack-lg">
      <div className="row between wrap">
        <h1>Services</h1>
        {!creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New service
          </button>
        )}
      </div>
      {creating && (
        <section className="card stack" aria-labelledby="new-service">
          <h2 id="new-service" className="h3">
            New service
          </h2>
          <ServiceForm submitLabel="Create service" onCancel={() => setCreating(false)} onSubmit={create} />
        </section>
      )}
      {rows.length > 0 && <PlatformProbeNotice />}
      <div className="filters">
        <label>
          Status
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ServiceStatus | "");
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {SERVICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {SERVICE_STATUS_WORDS[s]}
              </option>
            ))}
          </select>
        </label>
        <NameSearchBox value={search} onChange={setSearch} placeholder="api" />
      </div>
      {(list.error ?? remove.error) && (
        <p className="error" role="alert">
          {errorText(list.error ?? remove.error)}
        </p>
      )}
      {list.isLoading ? (
        <p className="muted" role="status">
          Loading services…
        </p>
      ) : rows.length === 0 && filtered ? (
        <div className="empty card">
          <p>No service matches these filters.</p>
        </div>
      ) : rows.length === 0 ? (
        <div className="card empty stack">
          <p>
            No services yet. A service is a URL or a TCP port that Lifeline checks on a schedule, from one or more
            probes.
          </p>
          {!creating && (
            <p>
              <button type="button" className="secondary" onClick={() => setCreating(true)}>
                Create your first service
              </button>
            </p>
          )}
        </div>
      ) : (
        <ul className="monitor-list" aria-label="Services">
          {rows.map((s) => (
            <li
              key={s.id}
              id={`service-${s.id}`}
              className="monitor-row"
              data-testid="service-row"
              data-service-id={s.id}
            >
              {editing === s.id ? (
                <div style={{ gridColumn: "1 / -1" }}>
                  <ServiceForm
                    initial={s}
                    submitLabel="Save service"
                    onCancel={() => setEditing(null)}
                    onSubmit={async (v) => {
                      await client.services.replace.mutate({ id: s.id, ...v });
                      setEditing(null);
                      await refresh();
                    }}
                  />
                </div>
              ) : (
                <>
                  <div className="monitor-main">
                    <ServiceStatusBadge status={s.status} />
                    <PrefetchLink href={`/services/${s.id}`} className="monitor-name">
                      {s.name}
                    </PrefetchLink>
                  </div>
                  <div className="monitor-meta">
                    <span data-testid="service-target" style={{ overflowWrap: "anywhere" }}>
                      {targetText(s.type, s.config)}
                    </span>
                    <span>every {s.interval} s</span>
                    <ProjectChip project={s.project ?? undefined} />
                  </div>
                  <div className="row tight wrap">
                    <PulseCell pulse={pulse.data?.get(s.id)} loading={pulse.isLoading} failed={pulse.isError} />
                    <button
                      type="button"
                      className="secondary small"
                      onClick={() => setEditing(s.id)}
                      aria-label={`Edit ${s.name}`}
                    >
                      Edit
                    </button>
                    <ConfirmButton
                      label={`Delete ${s.name}`}
                      text="Delete"
                      small
                      title={`Delete service ${s.name}?`}
                      confirmLabel="Delete service"
                      danger
                      onConfirm={() => remove.mutate(s.id)}
                    >
                      <p>Its checks stop and its history is removed. This cannot be undone.</p>
                    </ConfirmButton>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="muted small-text" role="status" data-testid="service-total">
        {countText(list.data?.meta.total ?? 0, "service", filtered)}
      </p>
      <Pager page={page} total={list.data?.meta.total ?? 0} limit={LIMIT} onPage={setPage} />
      <p className="muted small-text" aria-live="off">
        Refreshes every {LIST_REFRESH_MS / 1000} seconds.
      </p>
    </section>
  );
}

/** 24 h uptime in words and the sparkline; says so when the figures cannot be read. */
function PulseCell({ pulse, loading, failed }: { pulse?: Pulse; loading: boolean; failed: boolean }) {
  if (loading) return <span className="muted small-text">Loading uptime…</span>;
  if (failed || !pulse) return <span className="muted small-text">Uptime not available</span>;
  return (
    <span className="row tight" data-testid="service-pulse">
      <span className="small-text" style={{ position: "relative" }} data-testid="uptime-24h">
        <span className="visually-hidden">Uptime, last 24 hours: </span>
        <span aria-hidden="true" className="muted">
          24 h{" "}
        </span>
        {percentText(pulse.uptime_24h)}
      </span>
      <Sparkline points={pulse.sparkline} />
    </span>
  );
}
