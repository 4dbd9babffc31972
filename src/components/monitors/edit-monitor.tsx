"use client";

import { useQuery } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useTRPC } from "../../trpc/react";
import { errorText } from "../common/errors";
import { MonitorForm } from "./monitor-form";

export function EditMonitor({ id }: { id: number }) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.cronMonitors.get.queryOptions({ id }),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  if (query.isLoading)
    return (
      <p role="status" className="muted">
        Loading monitor…
      </p>
    );
  if (query.isError) return <NotFound message={errorText(query.error)} />;
  const monitor = query.data!.data;
  return (
    <section className="stack-lg">
      <p>
        <PrefetchLink href={`/monitors/${id}`}>← {monitor.name}</PrefetchLink>
      </p>
      <h1>Edit {monitor.name}</h1>
      <MonitorForm monitor={monitor} />
    </section>
  );
}

export function NotFound({ message }: { message: string }) {
  return (
    <section className="stack-lg">
      <h1>Monitor not available</h1>
      <p className="error" role="alert">
        {message}
      </p>
      <p>
        <PrefetchLink href="/monitors">Back to monitors</PrefetchLink>
      </p>
    </section>
  );
}
