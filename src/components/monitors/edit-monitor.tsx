"use client";

import { useQuery } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useTRPC } from "../../trpc/react";
import { errorText } from "../common/errors";
import { MonitorForm } from "./monitor-form";
import { NotAvailable } from "../common/not-available";

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
  if (query.isError) return <NotAvailable noun="Monitor" message={errorText(query.error)} listHref="/monitors" />;
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
