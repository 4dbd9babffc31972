"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useRouter } from "next/navigation";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { ConfirmButton } from "../common/confirm-button";
import { errorText } from "../common/errors";

/** Edit, pause/resume and delete (asks first), like a monitor's actions. */
export function ServiceActions({ service }: { service: { id: number; name: string; enabled: boolean } }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const router = useRouter();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.services.pathKey() });
  const pause = useMutation({
    mutationFn: (enabled: boolean) => client.services.update.mutate({ id: service.id, enabled }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => client.services.delete.mutate({ id: service.id }),
    onSuccess: async () => {
      router.push("/services");
      await refresh();
    },
  });
  const failure = pause.error ?? remove.error;
  return (
    <div className="stack">
      <div className="row wrap">
        <PrefetchLink className="button secondary" href={`/services/${service.id}/edit`}>
          Edit
        </PrefetchLink>
        <button
          type="button"
          className="secondary"
          disabled={pause.isPending}
          onClick={() => pause.mutate(!service.enabled)}
        >
          {service.enabled ? "Pause" : "Resume"}
        </button>
        <ConfirmButton
          label="Delete"
          title={`Delete ${service.name}?`}
          confirmLabel="Delete service"
          danger
          onConfirm={() => remove.mutate()}
          disabled={remove.isPending}
        >
          <p>Its checks stop and its results, uptime history and incidents are removed. This cannot be undone.</p>
        </ConfirmButton>
      </div>
      {failure && (
        <p className="error" role="alert">
          {errorText(failure)}
        </p>
      )}
    </div>
  );
}
