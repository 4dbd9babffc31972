"use client";

import { useQuery } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import type { Overview, OverviewSubject } from "../../shared/schemas/overview";
import { MONITOR_STATES } from "../../shared/vocabulary";
import { SERVICE_STATUSES } from "../../shared/vocabulary";
import { useTRPC } from "../../trpc/react";
import { errorText } from "../common/errors";
import { LocalTime } from "../common/relative-time";
import { durationText } from "../common/time";
import { STATE_WORDS, StateBadge } from "../monitors/state-badge";
import { SERVICE_STATUS_WORDS, ServiceStatusBadge } from "../services/status-badge";

export const OVERVIEW_REFRESH_MS = 5000;

const hrefOf = (s: OverviewSubject) => (s.kind === "cron_monitor" ? `/monitors/${s.id}` : `/services/${s.id}`);
const KIND_WORDS: Record<OverviewSubject["kind"], string> = { cron_monitor: "Cron monitor", service: "Service" };

/** How long since `iso`, measured at the answer's own time so the server's HTML and the browser agree. */
const lasted = (iso: string, at: string) => durationText(Math.max(0, Date.parse(at) - Date.parse(iso)));

function SubjectLink({ subject }: { subject: OverviewSubject | null }) {
  if (!subject) return <span className="muted">a deleted object</span>;
  return (
    <PrefetchLink href={hrefOf(subject)}>
      {subject.name} <span className="muted">({KIND_WORDS[subject.kind].toLowerCase()})</span>
    </PrefetchLink>
  );
}

function Counts<S extends string>(props: {
  title: string;
  href: string;
  states: readonly S[];
  words: Record<S, string>;
  counts: Record<S | "total", number>;
  testId: string;
}) {
  const id = `${props.testId}-heading`;
  return (
    <section className="card stack" aria-labelledby={id} data-testid={props.testId}>
      <h2 id={id} className="h3">
        <PrefetchLink href={props.href}>{props.title}</PrefetchLink>{" "}
        <span className="muted">({props.counts.total})</span>
      </h2>
      <dl className="overview-counts">
        {props.states.map((s) => (
          <div key={s} className={`overview-count state-${s}`} data-state={s}>
            <dt>{props.words[s]}</dt>
            <dd>{props.counts[s]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Failing({ data }: { data: Overview }) {
  const items = data.failing.data;
  return (
    <section className="card stack" aria-labelledby="failing-heading">
      <h2 id="failing-heading" className="h3">
        Failing now
      </h2>
      {items.length === 0 ? (
        <p className="muted">Nothing is late, down or degraded.</p>
      ) : (
        <ul className="stack" aria-label="Failing now" data-testid="failing">
          {items.map((f) => (
            <li key={`${f.kind}-${f.id}`} className="row wrap">
              {f.kind === "cron_monitor" ? (
                <StateBadge state={f.state as "late" | "down"} />
              ) : (
                <ServiceStatusBadge status={f.state as "down" | "degraded"} />
              )}
              <SubjectLink subject={f} />
              {f.since && (
                <span className="muted">
                  for {lasted(f.since, data.generated_at)}, since <LocalTime iso={f.since} />
                </span>
              )}
              {f.reason && <span className="muted">: {f.reason}</span>}
            </li>
          ))}
        </ul>
      )}
      {data.failing.more && <p className="muted">More are failing: see the monitors and services lists.</p>}
    </section>
  );
}

function Incidents({ data }: { data: Overview }) {
  const items = data.open_incidents.data;
  return (
    <section className="card stack" aria-labelledby="incidents-heading">
      <h2 id="incidents-heading" className="h3">
        <PrefetchLink href="/incidents">Open incidents</PrefetchLink>
      </h2>
      {items.length === 0 ? (
        <p className="muted">No open incident.</p>
      ) : (
        <ul className="stack" aria-label="Open incidents" data-testid="open-incidents">
          {items.map((i) => (
            <li key={i.id} className="row wrap">
              <PrefetchLink href={`/incidents/${i.id}`}>Incident #{i.id}</PrefetchLink>
              <span>
                {i.kind.replace("_", " ")} on <SubjectLink subject={i.subject} />
              </span>
              <span className="muted">
                open for {lasted(i.opened_at, data.generated_at)}
                {i.acknowledged_at ? ", acknowledged" : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      {data.open_incidents.more && (
        <p>
          <PrefetchLink href="/incidents">All open incidents</PrefetchLink>
        </p>
      )}
    </section>
  );
}

function Maintenance({ data }: { data: Overview }) {
  const { active, next } = data.maintenance;
  return (
    <section className="card stack" aria-labelledby="maintenance-heading" data-testid="overview-maintenance">
      <h2 id="maintenance-heading" className="h3">
        <PrefetchLink href="/maintenance">Maintenance</PrefetchLink>
      </h2>
      {active.length === 0 ? (
        <p className="muted">No maintenance under way.</p>
      ) : (
        <ul className="stack" aria-label="Maintenance under way">
          {active.map((w) => (
            <li key={w.id}>
              Under way: <strong>{w.title}</strong>, until <LocalTime iso={w.ends_at} />
            </li>
          ))}
        </ul>
      )}
      <p>
        {next ? (
          <>
            Next: <strong>{next.title}</strong>, <LocalTime iso={next.starts_at} /> to <LocalTime iso={next.ends_at} />
          </>
        ) : (
          <span className="muted">No maintenance scheduled.</span>
        )}
      </p>
    </section>
  );
}

function Changes({ data }: { data: Overview }) {
  const items = data.changes.data;
  return (
    <section className="card stack" aria-labelledby="changes-heading">
      <h2 id="changes-heading" className="h3">
        Last 24 hours
      </h2>
      {items.length === 0 ? (
        <p className="muted">No incident opened or resolved in the last day.</p>
      ) : (
        <ul className="stack" aria-label="Changes in the last 24 hours" data-testid="changes">
          {items.map((c) => (
            <li key={`${c.incident_id}-${c.event}`} className="row wrap">
              <LocalTime iso={c.at} />
              <span>
                <SubjectLink subject={c.subject} />{" "}
                {c.event === "opened" ? `failed (${c.kind.replace("_", " ")})` : "recovered"}
              </span>
              <PrefetchLink href={`/incidents/${c.incident_id}`} aria-label={`Incident #${c.incident_id}`}>
                #{c.incident_id}
              </PrefetchLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The dashboard's home: counts by state, what is failing, incidents, maintenance, the last day. */
export function OverviewPage() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.overview.get.queryOptions({}), refetchInterval: OVERVIEW_REFRESH_MS });
  const data = query.data;
  return (
    <section className="stack-lg">
      <h1>Overview</h1>
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {!data ? (
        query.isLoading && (
          <p className="muted" role="status">
            Loading the overview…
          </p>
        )
      ) : (
        <>
          <div className="overview-grid">
            <Counts
              title="Cron monitors"
              href="/monitors"
              states={MONITOR_STATES}
              words={STATE_WORDS}
              counts={data.cron_monitors}
              testId="monitor-counts"
            />
            <Counts
              title="Services"
              href="/services"
              states={SERVICE_STATUSES}
              words={SERVICE_STATUS_WORDS}
              counts={data.services}
              testId="service-counts"
            />
          </div>
          <Failing data={data} />
          <div className="overview-grid">
            <Incidents data={data} />
            <Maintenance data={data} />
          </div>
          <Changes data={data} />
          <p className="muted">Refreshes every {OVERVIEW_REFRESH_MS / 1000} seconds.</p>
        </>
      )}
    </section>
  );
}
