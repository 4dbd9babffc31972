"use client";

import { useQuery } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useTRPC } from "../../trpc/react";
import { errorText } from "../common/errors";
import { LocalTime, RelativeTime } from "../common/relative-time";
import { countdown, durationText } from "../common/time";
import { useNow } from "../common/use-now";
import { BadgesCard } from "../badges/badges-card";
import { IncidentTable } from "../incidents/incident-table";
import { NotAvailable } from "../common/not-available";
import { MonitorActions } from "./monitor-actions";
import { PingSnippets } from "./ping-snippets";
import { WrapperSnippet } from "./wrapper-snippet";
import { KubernetesSnippet } from "./kubernetes-snippet";
import { SnoozeControl } from "../common/snooze-control";
import { MaintenanceBadge } from "../common/maintenance-badge";
import { RunsTable } from "./runs-table";
import { StateBadge } from "./state-badge";
import { useProjects } from "./use-projects";
import { ProjectChip } from "./monitor-row";

const REFRESH_MS = 3000;

/** The monitor page: state and since when, next expected time, ping URL, actions, runs, incidents. */
export function MonitorView({ id }: { id: number }) {
  const trpc = useTRPC();
  const now = useNow(1000);
  const { byId } = useProjects();
  const query = useQuery({ ...trpc.cronMonitors.get.queryOptions({ id }), refetchInterval: REFRESH_MS });
  if (query.isLoading)
    return (
      <p role="status" className="muted">
        Loading monitor…
      </p>
    );
  if (query.isError) return <NotAvailable noun="Monitor" message={errorText(query.error)} listHref="/monitors" />;
  const m = query.data!.data;
  return (
    <section className="stack-lg">
      <p>
        <PrefetchLink href="/monitors">← Monitors</PrefetchLink>
      </p>
      <div className="row between wrap">
        <h1 className="row tight wrap">{m.name}</h1>
        <MonitorActions monitor={m} />
      </div>
      <dl className="facts card">
        <div>
          <dt>State</dt>
          <dd>
            <StateBadge state={m.state} />{" "}
            {m.state_since && (
              <span className="muted">
                since <RelativeTime iso={m.state_since} />
              </span>
            )}{" "}
            <MaintenanceBadge maintenance={m.maintenance} />
          </dd>
        </div>
        <div>
          <dt>Next expected</dt>
          <dd data-testid="next-expected">
            {m.next_expected_at && !m.paused ? (
              <>
                <LocalTime iso={m.next_expected_at} />{" "}
                <span className="muted" suppressHydrationWarning>
                  ({countdown(m.next_expected_at, now)})
                </span>
              </>
            ) : m.paused ? (
              "Not expected while paused"
            ) : (
              "After the first ping"
            )}
          </dd>
        </div>
        <div>
          <dt>Schedule</dt>
          <dd>
            {m.schedule_human}
            {m.schedule_kind === "cron" && (
              <>
                {" "}
                · <code>{m.cron_expression}</code> in {m.timezone}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Last ping</dt>
          <dd>
            <RelativeTime iso={m.last_ping_at} />
          </dd>
        </div>
        <div>
          <dt>Grace</dt>
          <dd>{durationText(m.grace_seconds * 1000)}</dd>
        </div>
        <div>
          <dt>Average duration (7 days)</dt>
          <dd>{durationText(m.avg_duration_ms === null ? null : Math.round(m.avg_duration_ms))}</dd>
        </div>
        <div>
          <dt>Project</dt>
          <dd>
            <ProjectChip project={m.project_id ? byId.get(m.project_id) : undefined} />
          </dd>
        </div>
      </dl>
      <SnoozeControl object={{ kind: "cron_monitor", id: m.id, snoozed_until: m.snoozed_until }} />
      <PingSnippets monitor={m} />
      <WrapperSnippet monitor={m} />
      <KubernetesSnippet monitor={m} />
      <RunsTable monitorId={m.id} refreshMs={REFRESH_MS} minRuntimeSeconds={m.min_runtime_seconds} />
      <BadgesCard target={{ type: "cron_monitor", id: m.id, name: m.name }} />
      <section className="card stack" aria-labelledby="incidents-title">
        <h2 id="incidents-title" className="h3">
          Incidents
        </h2>
        <IncidentTable
          filter={{ cron_monitor: m.id }}
          names={{ monitors: new Map([[m.id, m.name]]), services: new Map() }}
        />
      </section>
    </section>
  );
}
