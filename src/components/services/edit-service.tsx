"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PrefetchLink } from "../common/prefetch-link";
import { useRouter } from "next/navigation";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { errorText } from "../common/errors";
import { ServiceForm } from "./service-form";
import type { ServiceExtras } from "./use-service-data";
import { NotAvailable } from "../common/not-available";

/** Edit a service on its own page (the create body, replaced as a whole). */
export function EditService({ id }: { id: number }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const router = useRouter();
  const query = useQuery({
    ...trpc.services.get.queryOptions({ id }),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  if (query.isLoading)
    return (
      <p role="status" className="muted">
        Loading service…
      </p>
    );
  if (query.isError || !query.data)
    return <NotAvailable noun="Service" message={errorText(query.error)} listHref="/services" />;
  const service = query.data.data as typeof query.data.data & ServiceExtras;
  return (
    <section className="stack-lg">
      <p>
        <PrefetchLink href={`/services/${id}`}>← {service.name}</PrefetchLink>
      </p>
      <h1>Edit {service.name}</h1>
      <div className="card form-layout">
        <ServiceForm
          initial={service}
          submitLabel="Save service"
          onCancel={() => router.push(`/services/${id}`)}
          onSubmit={async (v) => {
            await client.services.replace.mutate({ id, ...v });
            await queryClient.invalidateQueries({ queryKey: trpc.services.pathKey() });
            router.push(`/services/${id}`);
          }}
        />
      </div>
    </section>
  );
}
