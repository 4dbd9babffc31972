import { router } from "./trpc";
import { compileValidation } from "./compiled-validation";
import { authRouter } from "./routers/auth";
import { twoFactorRouter } from "./routers/two-factor";
import { usersRouter } from "./routers/users";
import { orgsRouter } from "./routers/orgs";
import { systemRouter } from "./routers/system";
import { cronMonitorsRouter } from "./routers/cron-monitors";
import { cronRunsRouter } from "./routers/cron-runs";
import { incidentsRouter } from "./routers/incidents";
import { integrationsRouter } from "./routers/integrations";
import { projectsRouter } from "./routers/projects";
import { servicesRouter } from "./routers/services";
import { serviceMetricsRouter } from "./routers/service-metrics";
import { serviceTypesRouter } from "./routers/service-types";
import { probesRouter } from "./routers/probes";
import { probeAgentRouter } from "./routers/probe-agent";
import { statusPagesRouter } from "./routers/status-pages";
import { badgesRouter } from "./routers/badges";
import { incidentUpdatesRouter } from "./routers/incident-updates";
import { maintenanceRouter } from "./routers/maintenance";
import { edgeRemovalsRouter } from "./routers/edge-removals";
import { overviewRouter } from "./routers/overview";
import { configDocumentsRouter } from "./routers/config-documents";
import { auditLogRouter } from "./routers/audit-log";

/**
 * The one router: the dashboard calls it at /api/trpc, REST clients at /api/v1 (trpc-to-openapi).
 * trpc-to-openapi matches paths first-match in this order: routers with static paths that could
 * shadow `{id}` paths must come first within their router.
 */
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  twoFactor: twoFactorRouter,
  users: usersRouter,
  orgs: orgsRouter,
  cronMonitors: cronMonitorsRouter,
  cronRuns: cronRunsRouter,
  incidents: incidentsRouter,
  integrations: integrationsRouter,
  projects: projectsRouter,
  services: servicesRouter,
  serviceMetrics: serviceMetricsRouter,
  serviceTypes: serviceTypesRouter,
  probes: probesRouter,
  probeAgent: probeAgentRouter,
  statusPages: statusPagesRouter,
  badges: badgesRouter,
  incidentUpdates: incidentUpdatesRouter,
  maintenance: maintenanceRouter,
  edgeRemovals: edgeRemovalsRouter,
  overview: overviewRouter,
  configDocuments: configDocumentsRouter,
  auditLog: auditLogRouter,
});

/** Inputs and outputs are validated by zod's compiled parsers (compiled-validation.ts). */
export const compiledValidators = compileValidation(appRouter);

export type AppRouter = typeof appRouter;
