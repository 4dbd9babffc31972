"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { errorText } from "../common/errors";
import { ProjectForm } from "./project-form";
import { ProjectItem } from "./project-item";

const REORDER_KEY = ["projects.reorder"];

/** Projects: create, edit, delete, and reorder by keyboard or drag and drop (saved at once). */
export function ProjectPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const listKey = trpc.projects.list.queryKey();
  const projects = useQuery(trpc.projects.list.queryOptions());
  const monitors = useQuery(trpc.cronMonitors.list.queryOptions({ page: 1, limit: 100 }));
  const order = projects.data?.data ?? [];
  const [editing, setEditing] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const focusAfterMove = useRef<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.projects.pathKey() });

  useEffect(() => {
    if (focusAfterMove.current === null) return;
    const index = order.findIndex((p) => p.id === focusAfterMove.current);
    document.querySelectorAll<HTMLButtonElement>(".project-item .grip")[index]?.focus();
    focusAfterMove.current = null;
  }, [order]);

  // A move is shown at once by writing the new order into the list's cache, after cancelling any read
  // of the list still under way (begun before the move, it would answer the older order and undo it).
  // Moves made in quick succession are saved one after another (one scope): sent at once, a later
  // order could commit before an earlier one and be overwritten by it. The list is read again only
  // after the last of them, so a read between two saves never puts back an order already moved on.
  const reorder = useMutation({
    mutationKey: REORDER_KEY,
    scope: { id: "projects.reorder" },
    mutationFn: (rows: { id: number }[]) =>
      client.projects.reorder.mutate({ projects: rows.map((p, i) => ({ id: p.id, order: i + 1 })) }),
    onSettled: () => (queryClient.isMutating({ mutationKey: REORDER_KEY }) <= 1 ? refresh() : undefined),
  });
  const remove = useMutation({ mutationFn: (id: number) => client.projects.delete.mutate({ id }), onSettled: refresh });

  function place(from: number, to: number) {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    focusAfterMove.current = moved!.id;
    void queryClient.cancelQueries({ queryKey: listKey });
    queryClient.setQueryData(listKey, (old) => (old ? { ...old, data: next } : old));
    setAnnouncement(`${moved!.name} moved to position ${to + 1} of ${next.length}`);
    reorder.mutate(next);
  }

  const monitorCounts = new Map<number, number>();
  for (const m of monitors.data?.data ?? [])
    if (m.project_id) monitorCounts.set(m.project_id, (monitorCounts.get(m.project_id) ?? 0) + 1);
  const failure = projects.error ?? reorder.error ?? remove.error;

  return (
    <section className="stack-lg">
      <h1>Projects</h1>
      <section className="card stack" aria-labelledby="new-project">
        <h2 id="new-project" className="h3">
          New project
        </h2>
        <ProjectForm
          submitLabel="Create project"
          onSubmit={async (v) => {
            await client.projects.create.mutate(v);
            await refresh();
          }}
        />
      </section>
      {failure && (
        <p className="error" role="alert">
          {errorText(failure)}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {projects.isLoading ? (
        <p className="muted" role="status">
          Loading projects…
        </p>
      ) : order.length === 0 ? (
        <p className="muted card empty">
          No projects yet. Projects group monitors and services and give them a colour.
        </p>
      ) : (
        <ol className="project-list" aria-label="Projects in order">
          {order.map((p, i) =>
            editing === p.id ? (
              <li key={p.id} className="project-item card">
                <ProjectForm
                  initial={p}
                  submitLabel="Save project"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (v) => {
                    await client.projects.update.mutate({ id: p.id, ...v });
                    setEditing(null);
                    await refresh();
                  }}
                />
              </li>
            ) : (
              <ProjectItem
                key={p.id}
                project={p}
                position={i + 1}
                count={order.length}
                monitorCount={monitors.isSuccess ? (monitorCounts.get(p.id) ?? 0) : undefined}
                dragging={dragged === p.id}
                onMove={(delta) => place(i, i + delta)}
                onEdit={() => setEditing(p.id)}
                onDelete={() => remove.mutate(p.id)}
                drag={{
                  onDragStart: (e) => {
                    setDragged(p.id);
                    e.dataTransfer.effectAllowed = "move";
                    e.dataTransfer.setData("text/plain", String(p.id));
                  },
                  onDragOver: (e) => e.preventDefault(),
                  onDrop: (e) => {
                    e.preventDefault();
                    const from = order.findIndex((x) => x.id === dragged);
                    if (from >= 0) place(from, i);
                    setDragged(null);
                  },
                  onDragEnd: () => setDragged(null),
                }}
              />
            ),
          )}
        </ol>
      )}
    </section>
  );
}
