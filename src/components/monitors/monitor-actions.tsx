"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useRouter } from "next/navigation";
import type { CronMonitor } from "../../shared/schemas/cron-monitors";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { errorText } from "../common/errors";
import { ConfirmButton } from "../common/confirm-button";

/** Edit, pause/resume, rotate the token and delete (the last two ask first). */
export function MonitorActions({ monitor }: { monitor: CronMonitor }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const router = useRouter();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.cronMonitors.pathKey() });

  const pause = useMutation({
    mutationFn: (paused: boolean) => client.cronMonitors.update.mutate({ id: monitor.id, paused }),
    onSuccess: refresh,
  });
  const rotate = useMutation({
    mutationFn: () => client.cronMonitors.rotateToken.mutate({ id: monitor.id }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => client.cronMonitors.delete.mutate({ id: monitor.id }),
    onSuccess: async () => {
      router.push("/monitors");
      await refresh();
    },
  });
  const failure = pause.error ?? rotate.error ?? remove.error;

  return (
    <div className="stack">
      <div className="row wrap">
        <PrefetchLink className="button secondary" href={`/monitors/${monitor.id}/edit`}>
          Edit
        </PrefetchLink>
        <button
          type="button"
          className="secondary"
          disabled={pause.isPending}
          onClick={() => pause.mutate(!monitor.paused)}
        >
          {monitor.paused ? "Resume" : "Pause"}
        </button>
        <ConfirmButton
          label="Rotate token"
          title="Rotate the ping token?"
          confirmLabel="Rotate now"
          onConfirm={() => rotate.mutate()}
          disabled={rotate.isPending}
        >
          <p>The current ping URL stops working at once. Every job must use the new URL.</p>
        </ConfirmButton>
        <ConfirmButton
          label="Delete"
          title={`Delete ${monitor.name}?`}
          confirmLabel="Delete monitor"
          danger
          onConfirm={() => remove.mutate()}
          disabled={remove.isPending}
        >
          <p>The monitor, its runs and logs are deleted, and its ping URL stops working. This cannot be undone.</p>
        </ConfirmButton>
      </div>
      {rotate.isSuccess && (
        <p role="status" className="ok-text">
          New ping URL issued; the old one no longer works.
        </p>
      )}
      {failure && (
        <p className="error" role="alert">
          {errorText(failure)}
        </p>
      )}
    </div>
  );
}
