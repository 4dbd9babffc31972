"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import type { ServiceStatus } from "../../shared/schemas/services";

/**
 * Every read of active-check data the dashboard makes, in one place.
 *
 * The procedures below (`serviceMetrics.*`, `services.run`, the new fields of the service record)
 * are being added on other branches. Until they are merged, the router's type does not know them,
 * so these hooks call the same tRPC client through `Pending` (the shapes they are written against)
 * with tRPC's own query keys. Once merged, each hook can become `trpc.<path>.queryOptions(...)`
 * without touching the pages; see `PENDING` below for the list.
 */

export type Period = "24h" | "7d" | "30d" | "90d";
export const PERIODS: { value: Period; label: string; words: string }[] = [
  { value: "24h", label: "24 h", words: "last 24 hours" },
  { value: "7d", label: "7 days", words: "last 7 days" },
  { value: "30d", label: "30 days", words: "last 30 days" },
  { value: "90d", label: "90 days", words: "last 90 days" },
];

export type Uptime = { uptime_percentage: number; total_checks: number; successful_checks: number; failed_checks: number; period: Period };
export type ResponseBucket = { start: string; count: number; p50_ms: number | null; p95_ms: number | null; max_ms: number | null };
export type ResponseTimes = { period: Period; bucket_seconds: number; buckets: ResponseBucket[] };
export type SparkPoint = { start: string; uptime_percentage: number | null; response_ms: number | null };
export type Pulse = { id: number; uptime_24h: number | null; sparkline: SparkPoint[] };
export type CheckError = { id: number; started_at: string; reason: string | null; status_code: number | null; response_time_ms: number | null; probe_id: number | null };
export type CheckResult = { outcome: "up" | "down"; reason: string | null; status_code: number | null; response_time_ms: number; started_at: string; probe_id: number };
export type StatusNow = { id: number; status: ServiceStatus; enabled: boolean; status_since: string | null; status_reason: string | null; last_check_at: string | null };
type PageMeta = { page: number; limit: number; total: number };

/** Fields the service record gains with the probe path (optional until it is merged). */
export type ServiceExtras = { degraded_ms?: number | null; probe_ids?: number[]; status_since?: string | null; status_reason?: string | null };

/** The procedures not on this branch's router yet, as the dashboard calls them. */
type Pending = {
  serviceMetrics: {
    uptime: { query: (input: { id: number; period: Period }) => Promise<{ data: Uptime }> };
    responseTimes: { query: (input: { id: number; period: Period }) => Promise<{ data: ResponseTimes }> };
    sparkline: { query: (input: { id: number }) => Promise<{ data: { points: SparkPoint[] } }> };
    errors: { query: (input: { id: number; page: number; limit: number }) => Promise<{ data: CheckError[]; meta: PageMeta }> };
    pulse: { query: (input: { ids: number[] }) => Promise<{ data: Pulse[] }> };
  };
  services: {
    run: { mutate: (input: { id: number; probe?: number }) => Promise<{ data: CheckResult }> };
  };
};

/** What the integrator switches to typed `trpc.*.queryOptions` once the procedures are merged. */
export const PENDING = ["serviceMetrics.uptime", "serviceMetrics.responseTimes", "serviceMetrics.errors", "serviceMetrics.pulse", "services.run"] as const;

function usePending(): Pending {
  return useTRPCClient() as unknown as Pending;
}

/** tRPC's own query key, so `invalidateQueries({ queryKey: [["serviceMetrics"]] })` reaches these. */
const key = (path: string[], input: unknown) => [path, { input, type: "query" }] as const;

export const REFRESH_MS = 5000;

/** 24 h uptime and the sparkline of every service on a list page: one request per page. */
export function usePulse(ids: number[]) {
  const pending = usePending();
  const input = { ids };
  return useQuery({
    queryKey: key(["serviceMetrics", "pulse"], input),
    queryFn: () => pending.serviceMetrics.pulse.query(input),
    enabled: ids.length > 0,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
    select: (r) => new Map(r.data.map((p) => [p.id, p])),
  });
}

export function useUptime(id: number, period: Period) {
  const pending = usePending();
  const input = { id, period };
  return useQuery({ queryKey: key(["serviceMetrics", "uptime"], input), queryFn: () => pending.serviceMetrics.uptime.query(input), refetchInterval: REFRESH_MS * 2, select: (r) => r.data });
}

export function useResponseTimes(id: number, period: Period) {
  const pending = usePending();
  const input = { id, period };
  return useQuery({
    queryKey: key(["serviceMetrics", "responseTimes"], input),
    queryFn: () => pending.serviceMetrics.responseTimes.query(input),
    refetchInterval: REFRESH_MS * 2,
    placeholderData: keepPreviousData,
    select: (r) => r.data,
  });
}

export function useCheckErrors(id: number, page: number, limit: number) {
  const pending = usePending();
  const input = { id, page, limit };
  return useQuery({
    queryKey: key(["serviceMetrics", "errors"], input),
    queryFn: () => pending.serviceMetrics.errors.query(input),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** The service record (with the fields the probe path adds), refreshed while the page is open. */
export function useService(id: number) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.services.get.queryOptions({ id }),
    refetchInterval: 3000,
    select: (r) => r.data as typeof r.data & ServiceExtras,
  });
}

/** "Check now": one check by a probe, its result returned; the page's data is refreshed after. */
export function useRunCheck(id: number) {
  const pending = usePending();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (probe?: number) => (await pending.services.run.mutate({ id, ...(probe ? { probe } : {}) })).data,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: trpc.services.pathKey() });
      await queryClient.invalidateQueries({ queryKey: [["serviceMetrics"]] });
    },
  });
}
