"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { errorText } from "../common/errors";
import { Pager } from "../common/pager";
import { ProjectChip } from "../monitors/monitor-row";
import { ServiceForm } from "./service-form";

const STATUS_LOOK = {
  pending: "○ Pending", operational: "● Operational", degraded: "◐ Degraded", down: "▲ Down", paused: "❚❚ Paused",
} as const;
const STATUS_CLASS = { pending: "state-new", operational: "state-up", degraded: "state-late", down: "state-down", paused: "state-paused" } as const;
const LIMIT = 20;

/** Services: list with status in words, create, edit and delete (http and tcp). */
export function ServicePage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useQuery({ ...trpc.services.list.queryOptions({ page, limit: LIMIT }), refetchInterval: 10_000, placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.services.pathKey() });
  const remove = useMutation({ mutationFn: (id: number) => client.services.delete.mutate({ id }), onSettled: refresh });
  const rows = list.data?.data ?? [];

  return (
    <section className="stack-lg">
      <div className="row between wrap">
        <h1>Services</h1>
        {!creating && <button type="button" onClick={() => setCreating(true)}>New service</button>}
      </div>
      {creating && (
        <section className="card stack" aria-labelledby="new-service">
          <h2 id="new-service" className="h3">New service</h2>
          <ServiceForm submitLabel="Create service" onCancel={() => setCreating(false)} onSubmit={async (v) => { await client.services.create.mutate(v); setCreating(false); await refresh(); }} />
        </section>
      )}
      {(list.error ?? remove.error) && <p className="error" role="alert">{errorText(list.error ?? remove.error)}</p>}
      {list.isLoading ? (
        <p className="muted" role="status">Loading services…</p>
      ) : rows.length === 0 ? (
        <p className="card empty muted">No services yet. A service is a URL or a TCP port that Lifeline checks on a schedule.</p>
      ) : (
        <ul className="monitor-list" aria-label="Services">
          {rows.map((s) => (
            <li key={s.id} id={`service-${s.id}`} className="monitor-row" data-testid="service-row">
              {editing === s.id ? (
                <div style={{ gridColumn: "1 / -1" }}>
                  <ServiceForm initial={s} submitLabel="Save service" onCancel={() => setEditing(null)} onSubmit={async (v) => { await client.services.replace.mutate({ id: s.id, ...v }); setEditing(null); await refresh(); }} />
                </div>
              ) : (
                <>
                  <div className="monitor-main">
                    <span className={`badge ${STATUS_CLASS[s.status]}`}>{STATUS_LOOK[s.status]}</span>
                    <strong className="monitor-name">{s.name}</strong>
                  </div>
                  <div className="monitor-meta">
                    <span>{s.type === "http" ? `${String(s.config.method ?? "GET")} ${String(s.config.url)}` : `TCP ${String(s.config.host)}:${String(s.config.port)}`}</span>
                    <span>every {s.interval} s</span>
                    <ProjectChip project={s.project ?? undefined} />
                  </div>
                  <div className="row tight wrap">
                    <button type="button" className="secondary small" onClick={() => setEditing(s.id)} aria-label={`Edit ${s.name}`}>Edit</button>
                    <ConfirmButton label={`Delete ${s.name}`} title={`Delete service ${s.name}?`} confirmLabel="Delete service" danger onConfirm={() => remove.mutate(s.id)}>
                      <p>Its checks stop and its history is removed. This cannot be undone.</p>
                    </ConfirmButton>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} total={list.data?.meta.total ?? 0} limit={LIMIT} onPage={setPage} />
    </section>
  );
}
