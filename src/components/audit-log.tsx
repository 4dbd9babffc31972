"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/react";
import { errorText } from "./common/errors";
import { TableScroll } from "./common/table-scroll";
import { AUDIT_FIRST_PAGE } from "./first-screen";

/**
 * The active organization's audit log (owners and admins; others read the refusal): newest first,
 * filtered by action, object and actor.
 */
export function AuditLogPanel() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState({ action: "", object_type: "", actor_type: "" });
  const [page, setPage] = useState(1);
  const query = {
    ...AUDIT_FIRST_PAGE,
    page,
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.object_type ? { object_type: filters.object_type } : {}),
    ...(filters.actor_type ? { actor_type: filters.actor_type as "user" | "service_token" } : {}),
  };
  const log = useQuery(trpc.auditLog.list.queryOptions(query));
  const set = (patch: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const rows = log.data?.data ?? [];
  const pages = log.data?.meta.totalPages ?? 1;

  return (
    <section className="stack-lg">
      <h1>Audit log</h1>
      <div className="row wrap" role="group" aria-label="Audit log filters">
        <label>
          Action
          <input
            value={filters.action}
            placeholder="cronMonitors.update"
            onChange={(e) => set({ action: e.target.value })}
          />
        </label>
        <label>
          Object
          <input
            value={filters.object_type}
            placeholder="cron-monitors"
            onChange={(e) => set({ object_type: e.target.value })}
          />
        </label>
        <label>
          Actor
          <select value={filters.actor_type} onChange={(e) => set({ actor_type: e.target.value })}>
            <option value="">Anyone</option>
            <option value="user">People</option>
            <option value="service_token">Service tokens</option>
          </select>
        </label>
      </div>
      {log.error && (
        <p className="error" role="alert">
          {errorText(log.error)}
        </p>
      )}
      <TableScroll label="Audit log table">
        <table className="data">
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Who</th>
              <th scope="col">From</th>
              <th scope="col">Action</th>
              <th scope="col">Object</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.id} data-testid="audit-row">
                <td>{e.at.replace("T", " ").replace("Z", "")}</td>
                <td>{e.actor.label || `${e.actor.type} ${e.actor.id ?? ""}`}</td>
                <td>{e.address ?? "—"}</td>
                <td>{e.action}</td>
                <td>
                  {e.object_type}
                  {e.object_id ? ` ${e.object_id}` : ""}
                </td>
                <td>
                  <code className="small-text">{JSON.stringify(e.changes)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {log.isSuccess && rows.length === 0 && <p className="muted">No entries.</p>}
      <div className="row">
        <button type="button" className="secondary small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Newer
        </button>
        <span className="muted small-text">
          Page {page} of {Math.max(pages, 1)}
        </span>
        <button type="button" className="secondary small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Older
        </button>
      </div>
    </section>
  );
}
