"use client";

import { useQuery } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useTRPC } from "../../trpc/react";
import { errorText } from "../common/errors";
import { RelativeTime } from "../common/relative-time";
import { KIND_WORDS } from "./kind-words";

type Node = {
  id: number;
  status: "open" | "resolved";
  kind: keyof typeof KIND_WORDS;
  reason: string;
  opened_at: string;
  resolved_at: string | null;
  parent_incident_id: number | null;
  subject: { type: "cron_monitor" | "service"; id: number; name: string };
};

/**
 * One incident's page: what it is about, the parent incident it opened under (its notification was
 * held while that parent was down), and the tree of incidents opened under it (depends_on).
 */
export function IncidentTreeView({ id }: { id: number }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.incidents.tree.queryOptions({ id }), refetchInterval: 5000 });
  if (query.isLoading)
    return (
      <p className="muted" role="status">
        Loading the incident…
      </p>
    );
  if (query.isError || !query.data)
    return (
      <p className="error" role="alert">
        {query.error ? errorText(query.error) : "Incident not found"}
      </p>
    );
  const { incident, parent, descendants } = query.data.data;
  const under = (parentId: number) => descendants.filter((d) => d.parent_incident_id === parentId);
  const open = descendants.filter((d) => d.status === "open").length;
  return (
    <>
      <p>
        <PrefetchLink href="/incidents">← Incidents</PrefetchLink>
      </p>
      <h1>Incident #{incident.id}</h1>
      <IncidentLine node={incident} />
      {parent && (
        <section aria-labelledby="parent-heading">
          <h2 id="parent-heading">Opened under</h2>
          <p className="muted">
            Its notification was held while this parent was down; it is notified on its own if it still fails after the
            parent recovers.
          </p>
          <IncidentLine node={parent} link />
        </section>
      )}
      <section aria-labelledby="tree-heading">
        <h2 id="tree-heading">Dependents affected</h2>
        {descendants.length === 0 ? (
          <p className="muted">No incident opened under this one.</p>
        ) : (
          <>
            <p data-testid="tree-summary">
              {descendants.length} incident{descendants.length === 1 ? "" : "s"} opened under this one, {open} still
              open.
            </p>
            <Branch nodes={under(incident.id)} under={under} />
          </>
        )}
      </section>
    </>
  );
}

function Branch({ nodes, under }: { nodes: Node[]; under: (id: number) => Node[] }) {
  return (
    <ul className="incident-tree">
      {nodes.map((n) => (
        <li key={n.id} data-testid="tree-node">
          <IncidentLine node={n} link />
          {under(n.id).length > 0 && <Branch nodes={under(n.id)} under={under} />}
        </li>
      ))}
    </ul>
  );
}

function IncidentLine({ node, link = false }: { node: Node; link?: boolean }) {
  const href = node.subject.type === "cron_monitor" ? `/monitors/${node.subject.id}` : `/services/${node.subject.id}`;
  return (
    <p>
      <span className={`badge incident-${node.status}`}>{node.status === "open" ? "▲ Open" : "✓ Resolved"}</span>{" "}
      {link ? <PrefetchLink href={`/incidents/${node.id}`}>Incident #{node.id}</PrefetchLink> : null}{" "}
      {KIND_WORDS[node.kind]} on <PrefetchLink href={href}>{node.subject.name}</PrefetchLink>
      <br />
      <span className="muted small-text">
        {node.reason}. Opened <RelativeTime iso={node.opened_at} />
        {node.resolved_at && (
          <>
            , resolved <RelativeTime iso={node.resolved_at} />
          </>
        )}
      </span>
    </p>
  );
}
