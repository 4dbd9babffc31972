"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useState } from "react";
import { useTRPC } from "../../trpc/react";
import { errorText } from "../common/errors";
import { Pager } from "../common/pager";
import { RelativeTime } from "../common/relative-time";
import { LIST_LIMIT } from "../first-screen";
import { TableScroll } from "../common/table-scroll";
import { PostUpdate } from "./post-update";
import { KIND_WORDS } from "./kind-words";

/** The first page is answered during the server render (first-screen.ts). */
const LIMIT = LIST_LIMIT;

export type IncidentFilter = { cron_monitor?: number; service?: number; status?: "open" | "resolved" };

/** Incidents newest first; open ones say so in words. Links to the monitor or service. */
export function IncidentTable({
  filter,
  names,
}: {
  filter: IncidentFilter;
  names?: { monitors: Map<number, string>; services: Map<number, string> };
}) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...trpc.incidents.list.queryOptions({ ...filter, page, limit: LIMIT }),
    refetchInterval: 5000,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  if (query.isLoading)
    return (
      <p className="muted" role="status">
        Loading incidents…
      </p>
    );
  if (query.isError)
    return (
      <p className="error" role="alert">
        {errorText(query.error)}
      </p>
    );
  if (rows.length === 0)
    return <p className="muted">No incidents{filter.status ? ` ${filter.status}` : ""}. All quiet.</p>;
  return (
    <>
      <TableScroll label="Incidents table">
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">What</th>
              <th scope="col">Where</th>
              <th scope="col">Opened</th>
              <th scope="col">Resolved</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((i) => (
              <tr key={i.id} data-testid="incident-row">
                <td>
                  <span className={`badge incident-${i.status}`}>{i.status === "open" ? "▲ Open" : "✓ Resolved"}</span>
                  {i.acknowledged_by && (
                    <>
                      <br />
                      <span className="muted small-text">Acknowledged by {i.acknowledged_by}</span>
                    </>
                  )}
                  {i.status === "open" && !i.acknowledged_at && <AcknowledgeButton id={i.id} />}
                  {i.status === "open" && <PostUpdate incidentId={i.id} />}
                </td>
                <td>
                  <PrefetchLink href={`/incidents/${i.id}`}>{KIND_WORDS[i.kind]}</PrefetchLink>
                  <br />
                  <span className="muted small-text">{i.reason}</span>
                  {i.parent_incident_id !== null && (
                    <>
                      <br />
                      <span className="muted small-text">
                        Held under{" "}
                        <PrefetchLink href={`/incidents/${i.parent_incident_id}`}>
                          incident #{i.parent_incident_id}
                        </PrefetchLink>
                      </span>
                    </>
                  )}
                </td>
                <td>
                  {i.cron_monitor !== null && (
                    <PrefetchLink href={`/monitors/${i.cron_monitor}`}>
                      {names?.monitors.get(i.cron_monitor) ?? `Monitor #${i.cron_monitor}`}
                    </PrefetchLink>
                  )}
                  {i.service !== null && (
                    <PrefetchLink href={`/services/${i.service}`}>
                      {names?.services.get(i.service) ?? `Service #${i.service}`}
                    </PrefetchLink>
                  )}
                </td>
                <td>
                  <RelativeTime iso={i.opened_at} />
                </td>
                <td>
                  <RelativeTime iso={i.resolved_at} empty="still open" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Pager page={page} total={query.data?.meta.total ?? 0} limit={LIMIT} onPage={setPage} />
    </>
  );
}

/** "I'm on it": acknowledges the open incident (stops reminders, notifies incident.acknowledged). */
function AcknowledgeButton({ id }: { id: number }) {
  const trpc = useTRPC();
  const client = useQueryClient();
  const ack = useMutation(
    trpc.incidents.acknowledge.mutationOptions({
      onSuccess: () => client.invalidateQueries({ queryKey: trpc.incidents.list.queryKey() }),
    }),
  );
  return (
    <>
      <br />
      <button type="button" className="secondary small" disabled={ack.isPending} onClick={() => ack.mutate({ id })}>
        {ack.isPending ? "Acknowledging…" : "Acknowledge"}
      </button>
      {ack.isError && (
        <span className="error small-text" role="alert">
          {" "}
          {errorText(ack.error)}
        </span>
      )}
    </>
  );
}
