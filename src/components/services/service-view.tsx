"use client";

import { PrefetchLink } from "../common/prefetch-link";
import { NotAvailable } from "../common/not-available";
import { useState } from "react";
import { errorText } from "../common/errors";
import { RelativeTime } from "../common/relative-time";
import { IncidentTable } from "../incidents/incident-table";
import { ProjectChip } from "../monitors/monitor-row";
import { CheckErrors } from "./check-errors";
import { CheckNow } from "./check-now";
import { ServingProbes } from "./serving-probes";
import { msText, percentText, targetText } from "./format";
import { ResponseChart } from "./response-chart";
import { ServiceActions } from "./service-actions";
import { SnoozeControl } from "../common/snooze-control";
import { MaintenanceBadge } from "../common/maintenance-badge";
import { BadgesCard } from "../badges/badges-card";
import { ServiceStatusBadge } from "./status-badge";
import { PERIODS, useResponseTimes, useService, useUptime, type Period } from "./use-service-data";

/** The service page: status since when and why, uptime, response times, check now, errors, incidents. */
export function ServiceView({ id }: { id: number }) {
  const query = useService(id);
  if (query.isLoading)
    return (
      <p role="status" className="muted">
        Loading service…
      </p>
    );
  if (query.isError || !query.data)
    return <NotAvailable noun="Service" message={errorText(query.error)} listHref="/services" />;
  const s = query.data;
  const failing = s.status === "down" || s.status === "degraded";
  return (
    <section className="stack-lg">
      <p>
        <PrefetchLink href="/services">← Services</PrefetchLink>
      </p>
      <div className="row between wrap">
        <h1 className="row tight wrap">{s.name}</h1>
        <ServiceActions service={s} />
      </div>
      <dl className="facts card">
        <div>
          <dt>Status</dt>
          <dd data-testid="service-status-fact">
            <ServiceStatusBadge status={s.status} />{" "}
            {s.status_since && (
              <span className="muted">
                since <RelativeTime iso={s.status_since} />
              </span>
            )}
          </dd>
        </div>
        {failing && s.status_reason && (
          <div>
            <dt>Why</dt>
            <dd data-testid="status-reason">{s.status_reason}</dd>
          </div>
        )}
        <div>
          <dt>{s.type === "http" ? "URL" : "Host and port"}</dt>
          <dd style={{ overflowWrap: "anywhere" }}>{targetText(s.type, s.config)}</dd>
        </div>
        <div>
          <dt>Checked every</dt>
          <dd>
            {s.interval} s, timeout {String(s.config.timeout ?? 10)} s
          </dd>
        </div>
        {s.type === "http" && (
          <div>
            <dt>Expects</dt>
            <dd>
              status {String(s.config.expected_status_code ?? 200)}
              {typeof s.config.keyword === "string" && (
                <>
                  {" "}
                  and the text <q>{s.config.keyword}</q>
                </>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>Degraded above</dt>
          <dd>{s.degraded_ms ? msText(s.degraded_ms) : "No threshold"}</dd>
        </div>
        <div>
          <dt>Probes</dt>
          <dd>
            {s.probe_ids && s.probe_ids.length > 0 ? s.probe_ids.map((p) => `#${p}`).join(", ") : "Platform probes"}
          </dd>
        </div>
        <div>
          <dt>Project</dt>
          <dd>
            <ProjectChip project={s.project ?? undefined} />
          </dd>
        </div>
      </dl>
      {s.maintenance && (
        <p>
          <MaintenanceBadge maintenance={s.maintenance} />
        </p>
      )}
      <SnoozeControl object={{ kind: "service", id: s.id, snoozed_until: s.snoozed_until ?? null }} />
      <UptimeCard serviceId={s.id} />
      <CheckNow serviceId={s.id} disabled={!s.enabled} />
      <ServingProbes serviceId={s.id} />
      <ResponseTimesCard serviceId={s.id} />
      <CheckErrors serviceId={s.id} />
      <BadgesCard target={{ type: "service", id: s.id, name: s.name }} />
      <section className="card stack" aria-labelledby="incidents-title">
        <h2 id="incidents-title" className="h3">
          Incidents
        </h2>
        <IncidentTable
          filter={{ service: s.id }}
          names={{ monitors: new Map(), services: new Map([[s.id, s.name]]) }}
        />
      </section>
    </section>
  );
}

function UptimeCard({ serviceId }: { serviceId: number }) {
  return (
    <section className="card stack" aria-labelledby="uptime-title">
      <h2 id="uptime-title" className="h3">
        Uptime
      </h2>
      <dl className="facts">
        {PERIODS.map((p) => (
          <UptimeFact key={p.value} serviceId={serviceId} period={p.value} label={p.label} />
        ))}
      </dl>
    </section>
  );
}

function UptimeFact({ serviceId, period, label }: { serviceId: number; period: Period; label: string }) {
  const query = useUptime(serviceId, period);
  const u = query.data;
  return (
    <div data-testid={`uptime-${period}`}>
      <dt>{label}</dt>
      <dd>
        {query.isLoading ? (
          <span className="muted">Loading…</span>
        ) : query.isError || !u ? (
          <span className="muted">Not available</span>
        ) : u.total_checks === 0 ? (
          <span className="muted">No checks yet</span>
        ) : (
          <>
            {percentText(u.uptime_percentage)}{" "}
            <span className="muted small-text">
              ({u.failed_checks} of {u.total_checks} checks failed)
            </span>
          </>
        )}
      </dd>
    </div>
  );
}

function ResponseTimesCard({ serviceId }: { serviceId: number }) {
  const [period, setPeriod] = useState<Period>("24h");
  const query = useResponseTimes(serviceId, period);
  const words = PERIODS.find((p) => p.value === period)!.words;
  return (
    <section className="card stack" aria-labelledby="response-title">
      <div className="row between wrap">
        <h2 id="response-title" className="h3">
          Response times
        </h2>
        <label className="inline">
          Chart period
          <select value={period} onChange={(e) => setPeriod(e.target.value as Period)}>
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isLoading ? (
        <p className="muted" role="status">
          Loading response times…
        </p>
      ) : query.isError || !query.data ? (
        <p className="error" role="alert">
          Response times not available: {errorText(query.error)}
        </p>
      ) : (
        <ResponseChart buckets={query.data.buckets} bucketSeconds={query.data.bucket_seconds} periodWords={words} />
      )}
    </section>
  );
}
