"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../trpc/react";
import { IncidentTable, type IncidentFilter } from "./incident-table";

/** Open and resolved incidents, filtered by status, monitor or service. */
export function IncidentPage() {
  const trpc = useTRPC();
  const monitors = useQuery(trpc.cronMonitors.list.queryOptions({ page: 1, limit: 100 }));
  const services = useQuery(trpc.services.list.queryOptions({ page: 1, limit: 100 }));
  const [status, setStatus] = useState<IncidentFilter["status"] | "">("open");
  const [subject, setSubject] = useState("");
  const monitorNames = new Map((monitors.data?.data ?? []).map((m) => [m.id, m.name]));
  const serviceNames = new Map((services.data?.data ?? []).map((s) => [s.id, s.name]));
  const [kind, id] = subject.split(":");
  const filter: IncidentFilter = {
    ...(status ? { status } : {}),
    ...(kind === "m" ? { cron_monitor: Number(id) } : kind === "s" ? { service: Number(id) } : {}),
  };
  return (
    <section className="stack-lg">
      <h1>Incidents</h1>
      <div className="filters">
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
            <option value="">Open and resolved</option>
          </select>
        </label>
        <label>
          Monitor or service
          <select value={subject} onChange={(e) => setSubject(e.target.value)}>
            <option value="">All</option>
            {monitorNames.size > 0 && (
              <optgroup label="Cron monitors">
                {[...monitorNames].map(([mid, name]) => (
                  <option key={`m${mid}`} value={`m:${mid}`}>
                    {name}
                  </option>
                ))}
              </optgroup>
            )}
            {serviceNames.size > 0 && (
              <optgroup label="Services">
                {[...serviceNames].map(([sid, name]) => (
                  <option key={`s${sid}`} value={`s:${sid}`}>
                    {name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
      </div>
      <div className="card">
        <IncidentTable
          key={`${status}-${subject}`}
          filter={filter}
          names={{ monitors: monitorNames, services: serviceNames }}
        />
      </div>
    </section>
  );
}
