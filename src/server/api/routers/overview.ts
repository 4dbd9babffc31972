import { z } from "zod";
import { overview } from "../../../shared/schemas/overview";
import { overviewOf } from "../../services/overview/overview";
import { orgProcedure, router } from "../trpc";

/**
 * The dashboard's home (`/`): a dashboard-only procedure (no REST path; the REST lists answer the
 * same questions one kind at a time). Scoped as the lists are: the active organization's cron
 * monitors, maintenance windows and incidents, the caller's own services.
 */
export const overviewRouter = router({
  get: orgProcedure
    .meta({ capability: "cronmonitor.view" })
    .input(z.object({}).strict())
    .output(overview)
    .query(({ ctx }) =>
      overviewOf({ orgId: ctx.org.id, userId: ctx.principal.kind === "user" ? ctx.principal.userId : null }),
    ),
});
