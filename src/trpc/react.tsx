"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "../server/api/root";
import { activeOrgSlug } from "./active-org";

/** The dashboard's client of the one router, at /api/trpc with the next-auth session cookie. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** A refusal (4xx: signed out, not found, invalid) cannot succeed on retry; a fault or a lost connection may, once. */
export function retryOnlyFaults(failures: number, error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  if (typeof status === "number" && status >= 400 && status < 500) return false;
  return failures < 1;
}

export function TrpcProviders({ children }: { children: ReactNode }) {
  // The server render hands over the page's first answers (src/trpc/server.tsx): they count as fresh
  // for 10 s, so the browser does not ask for them again when it takes over (the pages' live refresh
  // polls on its own interval), and a refusal it was handed (not found) is shown, not asked again on mount.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 10_000, refetchOnWindowFocus: true, retry: retryOnlyFaults, retryOnMount: false },
        },
      }),
  );
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: "/api/trpc",
          maxItems: 20, // the server refuses bigger batches (LIMITS.trpcBatch, docs/limits.md)
          // The active organization (org switcher); none means the user's default organization.
          headers: () => {
            const slug = activeOrgSlug();
            return slug ? { "X-Org-Slug": slug } : {};
          },
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
