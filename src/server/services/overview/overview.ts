import { displayedStatus } from "../../domain/service-rules";
import { displayState } from "../../domain/monitor-state";
import { db } from "../../db";
import { Prisma } from "../../../generated/prisma/client";
import { isoOrNull, isoSeconds } from "../../../shared/time";
import {
  OVERVIEW_CHANGES_LIMIT,
  OVERVIEW_CHANGES_WINDOW_MS,
  OVERVIEW_FAILING_LIMIT,
  OVERVIEW_INCIDENTS_LIMIT,
  OVERVIEW_MAINTENANCE_LIMIT,
  type Overview,
  type OverviewSubject,
} from "../../../shared/schemas/overview";
import { MONITOR_STATES } from "../../../shared/schemas/cron-monitors";
import { SERVICE_STATUSES } from "../../../shared/schemas/services";
import { visibleTo } from "../incidents/incidents";
import { failingServices, openIncidents } from "./overview-reads";

/** Whose objects the overview shows: the organization's cron monitors, the caller's services (as the lists do). */
export type OverviewScope = { orgId: number; userId: number | null };

const zeros = <T extends readonly string[]>(states: T) =>
  Object.fromEntries([...states, "total"].map((s) => [s, 0])) as Record<T[number] | "total", number>;

const subjectSelect = { cronMonitorId: true, serviceId: true } as const;

type SubjectRow = { cronMonitorId: number | null; serviceId: number | null };
type Names = { monitors: Map<number, string>; services: Map<number, string> };

/**
 * The names of the incidents' subjects: one read per kind, and only when some incident names one
 * (Prisma's relation selects read both kinds for each list, incidents or none).
 */
async function subjectNames(rows: SubjectRow[]): Promise<Names> {
  const ids = (key: keyof SubjectRow) => [...new Set(rows.flatMap((r) => (r[key] === null ? [] : [r[key]!])))];
  const [monitorIds, serviceIds] = [ids("cronMonitorId"), ids("serviceId")];
  type NameRow = { id: number | bigint; name: string };
  const [monitors, services] = await Promise.all([
    monitorIds.length
      ? db().$queryRaw<NameRow[]>`SELECT id, name FROM cron_monitors WHERE id IN (${Prisma.join(monitorIds)})`
      : [],
    serviceIds.length
      ? db().$queryRaw<NameRow[]>`SELECT id, name FROM services WHERE id IN (${Prisma.join(serviceIds)})`
      : [],
  ]);
  return {
    monitors: new Map(monitors.map((m) => [Number(m.id), m.name])),
    services: new Map(services.map((x) => [Number(x.id), x.name])),
  };
}

function subjectOf(row: SubjectRow, names: Names): OverviewSubject | null {
  const monitor = row.cronMonitorId === null ? undefined : names.monitors.get(row.cronMonitorId);
  if (monitor !== undefined) return { kind: "cron_monitor", id: row.cronMonitorId!, name: monitor };
  const service = row.serviceId === null ? undefined : names.services.get(row.serviceId);
  if (service !== undefined) return { kind: "service", id: row.serviceId!, name: service };
  return null;
}

/** A boolean column as a raw statement returns it (SQLite: 0 or 1; PostgreSQL: a boolean). */
const flag = (v: unknown) => v === true || v === 1 || v === BigInt(1);

const sinceTime = (iso: string | null) => (iso ? Date.parse(iso) : Number.POSITIVE_INFINITY);

/**
 * The dashboard's home in a bounded number of statements, whatever the number of objects: one
 * aggregate per kind (monitors, services), and LIMITed lists (failing monitors, failing services,
 * open incidents, maintenance windows, the last day's incident events), then the names of the
 * listed incidents' monitors and services (none when no incident is listed).
 */
export async function overviewOf(scope: OverviewScope, now = new Date()): Promise<Overview> {
  const services = scope.userId === null ? null : { userId: scope.userId };
  const dayAgo = new Date(now.getTime() - OVERVIEW_CHANGES_WINDOW_MS);
  const incidents = visibleTo(scope.orgId, scope.userId);
  const [monitorGroups, serviceGroups, failingMonitors, failingServiceRows, open, windows, recent] = await Promise.all([
    // Raw statements: the same SQL as Prisma's groupBy and findMany would send, without their
    // per-call query compilation (several times the statements' own time at 10,000 monitors).
    db().$queryRaw<{ n: number | bigint; state: string; paused: unknown; suspended: unknown }[]>`
      SELECT COUNT(*) AS n, state, paused, suspended FROM cron_monitors WHERE org_id = ${scope.orgId}
      GROUP BY state, paused, suspended`,
    services
      ? db().$queryRaw<{ n: number | bigint; status: string; enabled: unknown }[]>`
          SELECT COUNT(*) AS n, status, enabled FROM services WHERE user_id = ${services.userId} GROUP BY status, enabled`
      : Promise.resolve([]),
    db().$queryRaw<{ id: number | bigint; name: string; state: string; state_since: Date | string | null }[]>`
      SELECT id, name, state, state_since FROM cron_monitors
      WHERE org_id = ${scope.orgId} AND NOT paused AND NOT suspended AND state IN ('late', 'down')
      ORDER BY state_since, id LIMIT ${OVERVIEW_FAILING_LIMIT + 1}`,
    services ? failingServices(services.userId) : Promise.resolve([]),
    openIncidents(scope.orgId, scope.userId),
    // Through Prisma: these two compare times, whose SQL differs by engine (storage/dialect.ts).
    db().maintenanceWindow.findMany({
      where: { orgId: scope.orgId, currentEndsAt: { gt: now }, currentStartsAt: { not: null } },
      select: { id: true, title: true, currentStartsAt: true, currentEndsAt: true },
      orderBy: [{ currentStartsAt: "asc" }, { id: "asc" }],
      take: OVERVIEW_MAINTENANCE_LIMIT + 1,
    }),
    db().incident.findMany({
      where: { AND: [incidents, { OR: [{ openedAt: { gte: dayAgo } }, { resolvedAt: { gte: dayAgo } }] }] },
      select: { id: true, kind: true, openedAt: true, resolvedAt: true, ...subjectSelect },
      orderBy: [{ openedAt: "desc" }, { id: "desc" }],
      take: OVERVIEW_CHANGES_LIMIT + 1,
    }),
  ]);

  const names = await subjectNames([
    ...open.slice(0, OVERVIEW_INCIDENTS_LIMIT),
    ...recent.slice(0, OVERVIEW_CHANGES_LIMIT),
  ]);
  const monitorCounts = zeros(MONITOR_STATES);
  for (const g of monitorGroups) {
    monitorCounts[displayState(g.state, flag(g.paused), flag(g.suspended))] += Number(g.n);
    monitorCounts.total += Number(g.n);
  }
  const serviceCounts = zeros(SERVICE_STATUSES);
  for (const g of serviceGroups) {
    serviceCounts[displayedStatus(flag(g.enabled), g.status)] += Number(g.n);
    serviceCounts.total += Number(g.n);
  }

  const failing = [
    ...failingMonitors.map((m) => ({
      kind: "cron_monitor" as const,
      id: Number(m.id),
      name: m.name,
      state: m.state as "late" | "down",
      since: isoOrNull(m.state_since === null ? null : new Date(m.state_since)),
      reason: null,
    })),
    ...failingServiceRows.map((s) => ({
      kind: "service" as const,
      id: s.id,
      name: s.name,
      state: s.status as "down" | "degraded",
      since: isoOrNull(s.statusSince),
      reason: s.statusReason,
    })),
  ].sort((a, b) => sinceTime(a.since) - sinceTime(b.since));

  const windowsView = windows.map((w) => ({
    id: w.id,
    title: w.title,
    starts_at: isoSeconds(w.currentStartsAt!),
    ends_at: isoSeconds(w.currentEndsAt!),
  }));
  const started = (w: { starts_at: string }) => Date.parse(w.starts_at) <= now.getTime();

  const events = recent
    .slice(0, OVERVIEW_CHANGES_LIMIT)
    .flatMap((i) => [
      ...(i.openedAt >= dayAgo ? [{ event: "opened" as const, at: i.openedAt, i }] : []),
      ...(i.resolvedAt && i.resolvedAt >= dayAgo ? [{ event: "resolved" as const, at: i.resolvedAt, i }] : []),
    ])
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.i.id - a.i.id);

  return {
    generated_at: isoSeconds(now),
    cron_monitors: monitorCounts,
    services: serviceCounts,
    failing: {
      data: failing.slice(0, OVERVIEW_FAILING_LIMIT),
      more:
        failing.length > OVERVIEW_FAILING_LIMIT ||
        failingMonitors.length > OVERVIEW_FAILING_LIMIT ||
        failingServiceRows.length > OVERVIEW_FAILING_LIMIT,
    },
    open_incidents: {
      data: open.slice(0, OVERVIEW_INCIDENTS_LIMIT).map((i) => ({
        id: i.id,
        kind: i.kind,
        reason: i.reason,
        opened_at: isoSeconds(i.openedAt),
        acknowledged_at: isoOrNull(i.acknowledgedAt),
        subject: subjectOf(i, names),
      })),
      more: open.length > OVERVIEW_INCIDENTS_LIMIT,
    },
    maintenance: {
      active: windowsView.filter(started).slice(0, OVERVIEW_MAINTENANCE_LIMIT),
      next: windowsView.find((w) => !started(w)) ?? null,
    },
    changes: {
      data: events.slice(0, OVERVIEW_CHANGES_LIMIT).map(({ event, at, i }) => ({
        incident_id: i.id,
        event,
        at: isoSeconds(at),
        kind: i.kind,
        subject: subjectOf(i, names),
      })),
      more: recent.length > OVERVIEW_CHANGES_LIMIT,
    },
  };
}
