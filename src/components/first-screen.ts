import type { FirstScreen } from "../trpc/server";

/**
 * What each dashboard page shows first, answered during the server render (src/trpc/server.tsx) with
 * exactly the inputs its components ask for in the browser, so the browser's cache already holds them.
 */
export const LIST_LIMIT = 20;
/** Pickers and name lookups (monitors, services, integrations to choose from). */
export const PICKER_LIMIT = 100;
export const CHECK_ERRORS_LIMIT = 10;
export const FIRST_PAGE = { page: 1, limit: LIST_LIMIT } as const;
export const PICKER_PAGE = { page: 1, limit: PICKER_LIMIT } as const;
export const SERVICE_PERIODS = ["24h", "7d", "30d", "90d"] as const;

/** The organization switcher in the navigation, on every page. */
export const navFirst: FirstScreen = (t) => [t.orgs.list.queryOptions()];

export const monitorListFirst: FirstScreen = (t) => [
  t.cronMonitors.list.queryOptions(FIRST_PAGE),
  t.projects.list.queryOptions(),
];

export const newMonitorFirst: FirstScreen = (t) => [
  t.projects.list.queryOptions(),
  t.integrations.list.queryOptions(PICKER_PAGE),
  // The depends_on pickers.
  t.cronMonitors.list.queryOptions(PICKER_PAGE),
  t.services.list.queryOptions(PICKER_PAGE),
];

export const monitorFirst =
  (id: number): FirstScreen =>
  (t) => [
    t.cronMonitors.get.queryOptions({ id }),
    t.projects.list.queryOptions(),
    t.cronRuns.list.queryOptions({ id, ...FIRST_PAGE }),
    t.incidents.list.queryOptions({ cron_monitor: id, ...FIRST_PAGE }),
    t.badges.list.queryOptions(),
  ];

export const editMonitorFirst =
  (id: number): FirstScreen =>
  (t, fetch) => [t.cronMonitors.get.queryOptions({ id }), ...(newMonitorFirst(t, fetch) as [])];

export const runFirst =
  (id: number, rid: string): FirstScreen =>
  (t) => [t.cronRuns.get.queryOptions({ id, rid })];

export const projectsFirst: FirstScreen = (t) => [
  t.projects.list.queryOptions(),
  t.cronMonitors.list.queryOptions(PICKER_PAGE),
];

/** The list, then the figures of the services on it (one pulse for the page). */
export const serviceListFirst: FirstScreen = async (t, fetch) => {
  const list = await fetch(t.services.list.queryOptions(FIRST_PAGE));
  const ids = list.data.map((s) => s.id);
  return ids.length > 0 ? [t.serviceMetrics.pulse.queryOptions({ ids })] : [];
};

export const serviceFirst =
  (id: number): FirstScreen =>
  (t) => [
    t.services.get.queryOptions({ id }),
    ...SERVICE_PERIODS.map((period) => t.serviceMetrics.uptime.queryOptions({ id, period })),
    t.serviceMetrics.responseTimes.queryOptions({ id, period: "24h" }),
    t.serviceMetrics.errors.queryOptions({ id, page: 1, limit: CHECK_ERRORS_LIMIT }),
    t.incidents.list.queryOptions({ service: id, ...FIRST_PAGE }),
    t.badges.list.queryOptions(),
    t.services.probes.queryOptions({ id }),
  ];

export const editServiceFirst =
  (id: number): FirstScreen =>
  (t) => [
    t.services.get.queryOptions({ id }),
    t.projects.list.queryOptions(),
    // The depends_on pickers.
    t.cronMonitors.list.queryOptions(PICKER_PAGE),
    t.services.list.queryOptions(PICKER_PAGE),
  ];

export const statusPagesFirst: FirstScreen = (t) => [t.statusPages.list.queryOptions()];

/** The maintenance windows with the form's pickers. */
export const maintenanceFirst: FirstScreen = (t) => [
  t.maintenance.list.queryOptions({}),
  t.cronMonitors.list.queryOptions(PICKER_PAGE),
  t.services.list.queryOptions(PICKER_PAGE),
  t.projects.list.queryOptions(),
];

/** The pickers of the components editor. */
export const newStatusPageFirst: FirstScreen = (t) => [
  t.cronMonitors.list.queryOptions(PICKER_PAGE),
  t.services.list.queryOptions(PICKER_PAGE),
];

export const statusPageFirst =
  (id: number): FirstScreen =>
  (t, fetch) => [t.statusPages.get.queryOptions({ id }), ...(newStatusPageFirst(t, fetch) as [])];

export const incidentsFirst: FirstScreen = (t) => [
  t.cronMonitors.list.queryOptions(PICKER_PAGE),
  t.services.list.queryOptions(PICKER_PAGE),
  t.incidents.list.queryOptions({ status: "open", ...FIRST_PAGE }),
];

/** One incident with its parent and the incidents opened under it (depends_on). */
export const incidentFirst =
  (id: number): FirstScreen =>
  (t) => [t.incidents.tree.queryOptions({ id })];

/** The active organization's audit log, its first page unfiltered. */
export const AUDIT_FIRST_PAGE = FIRST_PAGE;
export const auditLogFirst: FirstScreen = (t) => [t.auditLog.list.queryOptions(AUDIT_FIRST_PAGE)];

/** Profile, organizations (members and tokens of the first one), integrations, probes. */
export const settingsFirst: FirstScreen = async (t, fetch) => {
  const rest = [
    t.users.profile.queryOptions(),
    t.integrations.list.queryOptions(FIRST_PAGE),
    t.probes.list.queryOptions({}),
    t.probes.healthSummary.queryOptions({}),
    t.orgs.current.queryOptions(),
  ];
  const first = (await fetch(t.orgs.list.queryOptions())).data[0];
  if (!first) return rest;
  const manages = first.role === "owner" || first.role === "admin";
  return [
    ...rest,
    t.orgs.members.queryOptions({ slug: first.slug }),
    ...(manages ? [t.orgs.serviceTokens.queryOptions({ slug: first.slug })] : []),
  ];
};

/** The dashboard's home (`/`): one procedure answers the whole page. */
export const overviewFirst: FirstScreen = (t) => [t.overview.get.queryOptions({})];
