import {
  STATUS_DAYS,
  STATUS_WORDS,
  barsFromChecks,
  barsFromIncidents,
  componentStatus,
  incidentsPerDay,
  overallStatus,
  type ComponentStatus,
  type DayBar,
  windowStart,
} from "../../domain/status-page";
import { MAX_PAGE_WINDOWS, pageMaintenance, type ListedWindow } from "../../domain/status-page-maintenance";
import { isoSeconds } from "../../../shared/time";
import { incidentKindText } from "../../../shared/incident-kinds";
import { db } from "../../db";
import { monitorMaintenanceRuns, serviceChecksOutsideMaintenance } from "../maintenance/history";
import { cachedGate, cachedPage, type Cached, type Stamp } from "./cache";
import { statusPageUrl } from "./pages";

/**
 * What a public page shows, and nothing more: display names, statuses, uptime and incident times.
 * Never a target, keyword, ping URL, run, probe, reason text, member or object id. This object is
 * the JSON twin as it is; the HTML and the feed are rendered from it.
 */
export type PublicComponent = {
  name: string;
  status: ComponentStatus;
  status_text: string;
  uptime_90d?: number | null;
  days?: DayBar[];
  /** A service's checks of the 90 days left out of its uptime because a maintenance window ran over it (docs/api-maintenance.md). */
  maintenance_checks_90d?: number;
  /** A cron monitor's seconds of the 90 days left out of its uptime because a maintenance window ran over it. */
  maintenance_seconds_90d?: number;
};
export type PublicIncidentUpdate = { status: string; message: string; created_at: string };
export type PublicIncident = {
  component: string;
  status: "open" | "resolved";
  /** What went wrong, in the fixed words of the incident's kind (never its reason text). */
  cause: string;
  opened_at: string;
  resolved_at: string | null;
  /** Members' updates, oldest first (POST /incidents/{id}/updates). */
  updates: PublicIncidentUpdate[];
};
/** A maintenance window as a page publishes it: only the page's components it covers, by their names there. */
export type PublicMaintenance = {
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
  components: string[];
};
export type PublicStatus = {
  title: string;
  description: string;
  url: string;
  status: { indicator: string; description: string };
  groups: { name: string | null; components: PublicComponent[] }[];
  incidents: { active: PublicIncident[]; past: PublicIncident[] };
  /** Windows running now and scheduled, covering the page's components (at most MAX_PAGE_WINDOWS, earliest first). */
  maintenance: { active: PublicMaintenance[]; scheduled: PublicMaintenance[] };
  generated_at: string;
};

export type PageGate = { id: number; orgId: number; slug: string; visibility: string; passwordHash: string | null };

const gateSelect = { id: true, orgId: true, slug: true, visibility: true, passwordHash: true } as const;

/** Kept like the page's data (cache.ts): read at most once per 5 s per page and process. */
export function findPageBySlug(slug: string): Promise<PageGate | null> {
  return cachedGate(slug, Date.now(), () => db().statusPage.findUnique({ where: { slug }, select: gateSelect }));
}

/**
 * The page that serves `host`: only one whose custom domain is verified (docs/api-status-pages.md
 * "Custom domains"). Read on every request, never kept: a domain removed, changed, unverified or
 * its page deleted stops serving at once in every process.
 */
export function findPageByDomain(host: string): Promise<PageGate | null> {
  if (!host) return Promise.resolve(null);
  return db().statusPage.findUnique({ where: { verifiedDomain: host }, select: gateSelect });
}

/** One statement: what changes the page (its edit time, each component's status and since when), and its organization. */
async function stampOf(slug: string): Promise<Stamp | null> {
  const p = await db().statusPage.findUnique({
    where: { slug },
    select: {
      orgId: true,
      updatedAt: true,
      components: {
        where: ownComponents(slug),
        select: {
          cronMonitor: { select: { state: true, stateSince: true, paused: true } },
          service: { select: { status: true, statusSince: true, enabled: true } },
        },
      },
    },
  });
  return p ? { stamp: JSON.stringify(p), orgId: p.orgId } : null;
}

/**
 * The components a public page shows: the page's organization's cron monitors, and services whose
 * owner is a member of it (the slug is unique, so "an organization holding this page" is the page's).
 */
const ownComponents = (slug: string) => ({
  OR: [
    { cronMonitor: { org: { statusPages: { some: { slug } } } } },
    { service: { user: { memberships: { some: { org: { statusPages: { some: { slug } } } } } } } },
  ],
});

async function build(slug: string, now: Date): Promise<PublicStatus> {
  const page = await db().statusPage.findUniqueOrThrow({
    where: { slug },
    include: {
      components: {
        where: ownComponents(slug),
        orderBy: { position: "asc" },
        include: {
          cronMonitor: {
            select: { id: true, name: true, state: true, paused: true, createdAt: true, projectId: true },
          },
          service: { select: { id: true, name: true, status: true, enabled: true, createdAt: true, projectId: true } },
        },
      },
    },
  });
  const since = windowStart(now);
  const monitorIds = page.components.flatMap((c) => (c.cronMonitor ? [c.cronMonitor.id] : []));
  const serviceIds = page.components.flatMap((c) => (c.service ? [c.service.id] : []));
  const projectIds = [
    ...new Set(page.components.flatMap((c) => c.cronMonitor?.projectId ?? c.service?.projectId ?? [])),
  ];
  const [incidents, rollups, quiet, windows] = await Promise.all([
    db().incident.findMany({
      where: {
        OR: [{ cronMonitorId: { in: monitorIds } }, { serviceId: { in: serviceIds } }],
        AND: [{ OR: [{ status: "open" }, { resolvedAt: { gte: since } }] }],
      },
      select: {
        cronMonitorId: true,
        serviceId: true,
        status: true,
        kind: true,
        openedAt: true,
        resolvedAt: true,
        updates: {
          select: { status: true, message: true, createdAt: true },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        },
      },
      orderBy: [{ openedAt: "desc" }, { id: "desc" }],
    }),
    // Checks made under a maintenance window are left out of uptime (docs/api-maintenance.md).
    page.showUptime ? serviceChecksOutsideMaintenance(serviceIds, since) : Promise.resolve([]),
    // Cron monitors: time under a maintenance window is left out of their uptime (docs/api-maintenance.md).
    page.showUptime
      ? monitorMaintenanceRuns(
          page.orgId,
          page.components.flatMap((c) => (c.cronMonitor ? [c.cronMonitor] : [])),
          since,
          now,
        )
      : Promise.resolve(new Map<number, never[]>()),
    pageWindows(page.orgId, monitorIds, serviceIds, projectIds, now),
  ]);
  const objects = page.components.flatMap((c) => {
    const obj = c.cronMonitor ?? c.service;
    if (!obj) return [];
    return [
      { key: c.cronMonitor ? `m${obj.id}` : `s${obj.id}`, projectId: obj.projectId, name: c.displayName ?? obj.name },
    ];
  });
  const maintenance = pageMaintenance(windows, objects, now);
  const nameOf = new Map<string, string>();
  const groups: PublicStatus["groups"] = [];
  const statuses: ComponentStatus[] = [];
  for (const c of page.components) {
    const obj = c.cronMonitor ?? c.service;
    if (!obj) continue;
    const key = c.cronMonitor ? `m${c.cronMonitor.id}` : `s${c.service!.id}`;
    const name = c.displayName ?? obj.name;
    nameOf.set(key, name);
    const maintained = maintenance.maintained.has(key);
    const status = c.cronMonitor
      ? componentStatus("cron_monitor", c.cronMonitor.state, c.cronMonitor.paused, maintained)
      : componentStatus("service", c.service!.status, !c.service!.enabled, maintained);
    statuses.push(status);
    const own = incidents.filter((i) =>
      c.cronMonitor ? i.cronMonitorId === c.cronMonitor.id : i.serviceId === c.service!.id,
    );
    const component: PublicComponent = { name, status, status_text: STATUS_WORDS[status] };
    if (page.showUptime && c.cronMonitor) {
      const runs = quiet.get(c.cronMonitor.id) ?? [];
      const figures = barsFromIncidents(own, c.cronMonitor.createdAt, now, STATUS_DAYS, runs);
      component.uptime_90d = figures.uptime;
      component.maintenance_seconds_90d = Math.round(figures.maintenanceMs / 1000);
      component.days = figures.bars;
    } else if (page.showUptime) {
      const mine = rollups.filter((r) => r.serviceId === c.service!.id);
      const figures = barsFromChecks(mine, incidentsPerDay(own, now), now);
      component.uptime_90d = figures.uptime;
      component.maintenance_checks_90d = mine.reduce((n, r) => n + r.maintenance, 0);
      component.days = figures.bars;
    }
    const group = groups.find((g) => g.name === c.groupName);
    if (group) group.components.push(component);
    else groups.push({ name: c.groupName, components: [component] });
  }
  const shown = (i: (typeof incidents)[number]): PublicIncident => ({
    component: nameOf.get(i.cronMonitorId !== null ? `m${i.cronMonitorId}` : `s${i.serviceId}`) ?? "",
    status: i.status as "open" | "resolved",
    cause: incidentKindText(i.kind),
    opened_at: isoSeconds(i.openedAt),
    resolved_at: i.resolvedAt ? isoSeconds(i.resolvedAt) : null,
    updates: i.updates.map((u) => ({ status: u.status, message: u.message, created_at: isoSeconds(u.createdAt) })),
  });
  return {
    title: page.title,
    description: page.description,
    url: statusPageUrl(page.slug),
    status: overallStatus(statuses),
    groups,
    incidents: {
      active: incidents.filter((i) => i.status === "open").map(shown),
      past: incidents.filter((i) => i.status !== "open").map(shown),
    },
    maintenance: { active: maintenance.active.map(published), scheduled: maintenance.scheduled.map(published) },
    generated_at: isoSeconds(now),
    [CHANGES_AT]: maintenance.changesAt,
  } as PublicStatus;
}

/** When a listed window starts or ends: the cached page is rebuilt then (not published). */
const CHANGES_AT = Symbol("changesAt");
const changesAt = (s: PublicStatus): number | null =>
  (s as PublicStatus & { [CHANGES_AT]?: number | null })[CHANGES_AT] ?? null;

const published = (w: ListedWindow): PublicMaintenance => ({
  title: w.title,
  description: w.description,
  starts_at: isoSeconds(w.start),
  ends_at: isoSeconds(w.end),
  components: w.components,
});

/**
 * The organization's windows whose stored run has not ended and that name one of the page's objects
 * or their projects: one statement, at most MAX_PAGE_WINDOWS windows, each with only its targets
 * among those (bounded by the page's components), whatever the owner configured.
 */
async function pageWindows(orgId: number, monitorIds: number[], serviceIds: number[], projectIds: number[], now: Date) {
  if (monitorIds.length + serviceIds.length === 0) return [];
  const mine = {
    OR: [{ cronMonitorId: { in: monitorIds } }, { serviceId: { in: serviceIds } }, { projectId: { in: projectIds } }],
  };
  const rows = await db().maintenanceWindow.findMany({
    where: { orgId, currentEndsAt: { gt: now }, targets: { some: mine } },
    orderBy: [{ currentStartsAt: "asc" }, { id: "asc" }],
    take: MAX_PAGE_WINDOWS,
    select: {
      title: true,
      description: true,
      currentStartsAt: true,
      currentEndsAt: true,
      targets: { where: mine, select: { cronMonitorId: true, serviceId: true, projectId: true } },
    },
  });
  return rows.flatMap((w) =>
    w.currentStartsAt && w.currentEndsAt
      ? [
          {
            title: w.title,
            description: w.description,
            start: w.currentStartsAt,
            end: w.currentEndsAt,
            targets: w.targets,
          },
        ]
      : [],
  );
}

/** The page's data, from the per-process cache (cache.ts) when it still holds (`hit`). */
export function publicStatus(slug: string, now: Date): Promise<Cached<PublicStatus> | null> {
  return cachedPage(
    slug,
    now.getTime(),
    () => stampOf(slug),
    () => build(slug, now),
    changesAt,
  );
}
