"use client";

import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useMemo, type ReactNode } from "react";

/** One query answered during the server render, as plain data (src/trpc/server.tsx). */
export type ServerQuery = {
  queryKey: unknown[];
  queryHash: string;
  dehydratedAt: number;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
  data: unknown;
  /** The error body tRPC would have answered the browser with (message, code, data). */
  error: { message: string; code: number; data?: unknown } | null;
};

/** Puts the server render's answers into the browser's query cache: data as fetched, refusals as TRPCClientError. */
export function Hydrate({ queries, children }: { queries: ServerQuery[]; children: ReactNode }) {
  const state = useMemo<DehydratedState>(
    () => ({
      mutations: [],
      queries: queries.map((q) => ({
        queryKey: q.queryKey,
        queryHash: q.queryHash,
        dehydratedAt: q.dehydratedAt,
        state: {
          data: q.data,
          dataUpdateCount: q.error ? 0 : 1,
          dataUpdatedAt: q.dataUpdatedAt,
          error: q.error ? TRPCClientError.from({ error: q.error }) : null,
          errorUpdateCount: q.error ? 1 : 0,
          errorUpdatedAt: q.errorUpdatedAt,
          fetchFailureCount: q.error ? 1 : 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: q.error ? "error" : "success",
          fetchStatus: "idle",
        },
      })),
    }),
    [queries],
  );
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
