"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC, useTRPCClient } from "../../trpc/react";
import { PROBE_USE, rolesWith } from "../../shared/capabilities";
import type { ServiceStatus } from "../../shared/schemas/services";
import type { ServiceType } from "../../shared/service-types";

const PROBE_USE_ROLES: readonly string[] = rolesWith(PROBE_USE);

/**
 * Every read of active-check data the dashboard makes, in one place.
 *
 * The metrics procedures (`serviceMetrics.*`), `services.run` and the service record's active-check
 * fields, read through the typed tRPC client with tRPC's own query keys.
 */

export type Period = "24h" | "7d" | "30d" | "90d";
export const PERIODS: { value: Period; label: string; words: string }[] = [
  { value: "24h", label: "24 h", words: "last 24 hours" },
  { value: "7d", label: "7 days", words: "last 7 days" },
  { value: "30d", label: "30 days", words: "last 30 days" },
  { value: "90d", label: "90 days", words: "last 90 days" },
];

export type Uptime = {
  uptime_percentage: number;
  total_checks: number;
  successful_checks: number;
  failed_checks: number;
  period: Period;
};
export type ResponseBucket = {
  start: string;
  count: number;
  p50_ms: number | null;
  p95_ms: number | null;
  max_ms: number | null;
};
export type ResponseTimes = { period: Period; bucket_seconds: number; buckets: ResponseBucket[] };
export type SparkPoint = { start: string; uptime_percentage: number | null; response_ms: number | null };
export type Pulse = { id: number; uptime_24h: number | null; sparkline: SparkPoint[] };
export type CheckError = {
  id: number;
  started_at: string;
  reason: string | null;
  status_code: number | null;
  response_time_ms: number | null;
  probe_id: number | null;
};
export type CheckResult = {
  outcome: "up" | "down";
  reason: string | null;
  status_code: number | null;
  response_time_ms: number;
  started_at: string;
  probe_id: number;
};
export type StatusNow = {
  id: number;
  status: ServiceStatus;
  enabled: boolean;
  status_since: string | null;
  status_reason: string | null;
  last_check_at: string | null;
};
type PageMeta = { page: number; limit: number; total: number };

/** Fields the service record gains with the probe path (optional until it is merged). */
export type ServiceExtras = {
  degraded_ms?: number | null;
  probe_ids?: number[];
  status_since?: string | null;
  status_reason?: string | null;
};

/** The tRPC client (typed by the router): these hooks use tRPC's own query keys. */
function useClient() {
  return useTRPCClient();
}

/** tRPC's own query key, so `invalidateQueries({ queryKey: [["serviceMetrics"]] })` reaches these. */
const key = (path: string[], input: unknown) => [path, { input, type: "query" }] as const;

export const REFRESH_MS = 5000;

/** 24 h uptime and the sparkline of every service on a list page: one request per page. */
export function usePulse(ids: number[]) {
  const client = useClient();
  const input = { ids };
  return useQuery({
    queryKey: key(["serviceMetrics", "pulse"], input),
    queryFn: () => client.serviceMetrics.pulse.query(input),
    enabled: ids.length > 0,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
    select: (r) => new Map(r.data.map((p) => [p.id, p])),
  });
}

export function useUptime(id: number, period: Period) {
  const client = useClient();
  const input = { id, period };
  return useQuery({
    queryKey: key(["serviceMetrics", "uptime"], input),
    queryFn: () => client.serviceMetrics.uptime.query(input),
    refetchInterval: REFRESH_MS * 2,
    select: (r) => r.data,
  });
}

export function useResponseTimes(id: number, period: Period) {
  const client = useClient();
  const input = { id, period };
  return useQuery({
    queryKey: key(["serviceMetrics", "responseTimes"], input),
    queryFn: () => client.serviceMetrics.responseTimes.query(input),
    refetchInterval: REFRESH_MS * 2,
    placeholderData: keepPreviousData,
    select: (r) => r.data,
  });
}

export function useCheckErrors(id: number, page: number, limit: number) {
  const client = useClient();
  const input = { id, page, limit };
  return useQuery({
    queryKey: key(["serviceMetrics", "errors"], input),
    queryFn: () => client.serviceMetrics.errors.query(input),
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
  const client = useClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (probe?: number) => (await client.services.run.mutate({ id, ...(probe ? { probe } : {}) })).data,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: trpc.services.pathKey() });
      await queryClient.invalidateQueries({ queryKey: [["serviceMetrics"]] });
    },
  });
}

/** "Test this check": a configuration checked once by a platform probe, nothing stored; its result and every assertion's outcome. */
export function useTestCheck() {
  const client = useClient();
  return useMutation({
    mutationFn: async (draft: {
      type: ServiceType;
      config: Record<string, unknown>;
      service_id?: number;
      probe?: number;
    }) => (await client.services.test.mutate(draft)).data,
  });
}

/**
 * The probes "Test this check" may run on: the platform probes, then the private probes of the
 * organizations where the caller's role holds `probe.use` (`probes.list`, `orgs.list`).
 */
export function useTestProbes() {
  const trpc = useTRPC();
  const probes = useQuery(trpc.probes.list.queryOptions({}));
  const orgs = useQuery(trpc.orgs.list.queryOptions());
  const usable = new Set(
    (orgs.data?.data ?? []).filter((o) => o.role !== null && PROBE_USE_ROLES.includes(o.role)).map((o) => o.slug),
  );
  return (probes.data?.data ?? []).filter((p) => p.kind === "platform" || (p.org !== null && usable.has(p.org)));
}

/** The probes that would check the service and whether each can serve it (`services.probes`). */
export function useServingProbes(id: number) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.services.probes.queryOptions({ id }), select: (r) => r.data });
}
