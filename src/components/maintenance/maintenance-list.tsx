"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import type { MaintenanceWindowView } from "../../shared/schemas/maintenance";
import { ConfirmButton } from "../common/confirm-button";
import { errorText } from "../common/errors";
import { localDateTime } from "../common/time";
import { TableScroll } from "../common/table-scroll";
import { MaintenanceForm } from "./maintenance-form";

function whenText(w: MaintenanceWindowView): string {
  if (w.schedule) return `${w.schedule} (${w.timezone}), ${w.duration_minutes} min each`;
  return `${localDateTime(w.starts_at!)} – ${localDateTime(w.ends_at!)}`;
}

function targetsText(w: MaintenanceWindowView): string {
  const parts = [
    [w.targets.project_ids.length, "project"],
    [w.targets.cron_monitor_ids.length, "cron monitor"],
    [w.targets.service_ids.length, "service"],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}${n === 1 ? "" : "s"}`)
    .join(", ");
}

/** The organization's maintenance windows (running, next run, targets) with a delete each, and the form that schedules one. */
export function MaintenanceList() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.maintenance.list.queryOptions({}));
  const remove = useMutation({
    mutationFn: (id: number) => client.maintenance.delete.mutate({ id }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.maintenance.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.cronMonitors.pathKey() });
    },
  });
  const rows = list.data?.data ?? [];
  return (
    <section className="stack-lg">
      <h1>Maintenance</h1>
      <p className="muted">
        While a window runs, pings and checks of what it covers are still recorded, but nothing is notified; an incident
        still open when it ends is notified then, once.
      </p>
      {(list.error ?? remove.error) && (
        <p className="error" role="alert">
          {errorText(list.error ?? remove.error)}
        </p>
      )}
      {list.isLoading ? (
        <p className="muted" role="status">
          Loading maintenance windows…
        </p>
      ) : rows.length === 0 ? (
        <div className="card empty">
          <p>No maintenance windows yet.</p>
        </div>
      ) : (
        <div className="card">
          <TableScroll label="Maintenance windows table">
            <table className="data">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">When</th>
                  <th scope="col">Now</th>
                  <th scope="col">Targets</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((w) => (
                  <tr key={w.id} data-testid="maintenance-row">
                    <td>{w.title}</td>
                    <td>{whenText(w)}</td>
                    <td>
                      {w.active ? (
                        <strong>Running until {localDateTime(w.next_ends_at!)}</strong>
                      ) : w.next_starts_at ? (
                        <>Next: {localDateTime(w.next_starts_at)}</>
                      ) : (
                        <span className="muted">Ended</span>
                      )}
                    </td>
                    <td>{targetsText(w)}</td>
                    <td>
                      <ConfirmButton
                        label={`Delete maintenance window ${w.title}`}
                        text="Delete"
                        small
                        title={`Delete maintenance window ${w.title}?`}
                        confirmLabel="Delete window"
                        danger
                        onConfirm={() => remove.mutate(w.id)}
                      >
                        <p>Notifications it holds are sent by the next sweep if their incidents are still open.</p>
                      </ConfirmButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
      <MaintenanceForm />
    </section>
  );
}
