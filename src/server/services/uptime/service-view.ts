import type { ServiceStatus } from "../../../shared/schemas/services";
import { displayedStatus } from "../../domain/service-rules";
import { reasonBeside } from "../../domain/service-status";
import type { ServiceType } from "../../../shared/service-types";
import { isoOrNull, isoSeconds } from "../../../shared/time";
import { snoozeShown } from "../../domain/incidents";
import { maskServiceConfig } from "../../../shared/service-secrets";

/** How a service is read (spec 2.5): both timestamp naming forms, and the project summary. */
export type ServiceView = {
  id: number;
  name: string;
  type: ServiceType;
  project_id: number | null;
  project: { id: number; name: string; color: string; icon: string } | null;
  enabled: boolean;
  interval: number;
  config: Record<string, unknown>;
  status: ServiceStatus;
  status_since: string | null;
  status_reason: string | null;
  probe_ids: number[];
  degraded_ms: number | null;
  failure_threshold: number;
  recovery_threshold: number;
  snoozed_until: string | null;
  /** The maintenance window running over the service now (filled in by the reads, maintenance/coverage.ts). */
  maintenance: { window_id: number; ends_at: string } | null;
  depends_on: { cron_monitor_ids: number[]; service_ids: number[] };
  created_at: string;
  date_created: string;
  date_modified: string;
};

/** What every service read selects: the row's fields and the project summary (one batched query). */
export const serviceSelect = {
  id: true,
  name: true,
  type: true,
  projectId: true,
  enabled: true,
  interval: true,
  config: true,
  status: true,
  statusSince: true,
  statusReason: true,
  degradedMs: true,
  failureThreshold: true,
  recoveryThreshold: true,
  snoozedUntil: true,
  probes: { select: { probeId: true }, orderBy: { probeId: "asc" } },
  dependsOn: { select: { parentCronMonitorId: true, parentServiceId: true } },
  createdAt: true,
  updatedAt: true,
  project: { select: { id: true, name: true, color: true, icon: true } },
} as const;

type ServiceRow = {
  id: number;
  name: string;
  type: string;
  projectId: number | null;
  enabled: boolean;
  interval: number;
  config: string;
  status: string;
  statusSince: Date | null;
  statusReason: string | null;
  degradedMs: number | null;
  failureThreshold: number;
  recoveryThreshold: number;
  snoozedUntil: Date | null;
  probes: { probeId: number }[];
  dependsOn: { parentCronMonitorId: number | null; parentServiceId: number | null }[];
  createdAt: Date;
  updatedAt: Date;
  project: { id: number; name: string; color: string; icon: string } | null;
};

/** The status a service shows and the reason beside it (never beside operational or paused; reasonBeside). */
export function statusFields(row: Pick<ServiceRow, "enabled" | "status" | "statusSince" | "statusReason">) {
  const status = displayedStatus(row.enabled, row.status);
  return { status, status_since: isoOrNull(row.statusSince), status_reason: reasonBeside(status, row.statusReason) };
}

export function serviceView(row: ServiceRow): ServiceView {
  const created = isoSeconds(row.createdAt);
  return {
    id: row.id,
    name: row.name,
    type: row.type as ServiceType,
    project_id: row.projectId,
    project: row.project,
    enabled: row.enabled,
    interval: row.interval,
    config: maskServiceConfig(parseConfig(row.config)),
    ...statusFields(row),
    probe_ids: row.probes.map((p) => p.probeId),
    degraded_ms: row.degradedMs,
    failure_threshold: row.failureThreshold,
    recovery_threshold: row.recoveryThreshold,
    snoozed_until: isoOrNull(snoozeShown(row.snoozedUntil, new Date())),
    maintenance: null,
    depends_on: parentsShown(row.dependsOn),
    created_at: created,
    date_created: created,
    date_modified: isoSeconds(row.updatedAt),
  };
}

/** `depends_on` from the service's edges, ids ascending. */
function parentsShown(edges: ServiceRow["dependsOn"]): ServiceView["depends_on"] {
  const ids = (pick: (e: ServiceRow["dependsOn"][number]) => number | null) =>
    edges.flatMap((e) => (pick(e) !== null ? [pick(e)!] : [])).sort((a, b) => a - b);
  return { cron_monitor_ids: ids((e) => e.parentCronMonitorId), service_ids: ids((e) => e.parentServiceId) };
}

function parseConfig(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
