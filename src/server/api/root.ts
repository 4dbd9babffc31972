import { router } from "./trpc";
import { authRouter } from "./routers/auth";
import { usersRouter } from "./routers/users";
import { orgsRouter } from "./routers/orgs";
import { systemRouter } from "./routers/system";
import { cronMonitorsRouter } from "./routers/cron-monitors";

/**
 * The one router: the dashboard calls it at /api/trpc, REST clients at /api/v1 (trpc-to-openapi).
 * trpc-to-openapi matches paths first-match in this order: routers with static paths that could
 * shadow `{id}` paths must come first within their router.
 */
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  users: usersRouter,
  orgs: orgsRouter,
  cronMonitors: cronMonitorsRouter,
});

export type AppRouter = typeof appRouter;
