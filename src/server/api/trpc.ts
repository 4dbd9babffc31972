import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { AppError } from "../../shared/errors";
import type { Capability } from "../../shared/capabilities";
import type { Context } from "./context";
import { authenticate, type Principal } from "../services/principal";
import { resolveOrg } from "../services/orgs/access";
import { classify, isScheduleError } from "./http/errors";

/**
 * Which contract body a failing REST route answers with (spec 7.1, 7.2; decisions 6):
 * `standard` everywhere but projects (`project`: `{error:{message,details?}}`), project assignment
 * (`assignment`: `{error: "<text>"}`) and schedule errors on cron monitor routes (always spec 7.2).
 */
export type ErrorFormat = "standard" | "project" | "assignment";

export type Meta = OpenApiMeta<{
  /** The one capability the procedure needs inside the active organization. */
  capability?: Capability;
  /** The REST success status: 200 unless stated (201 create, 202 accepted, 204 delete). */
  successStatus?: 201 | 202 | 204;
  /** Other success statuses the route may answer with the same body (an upsert's 200 beside 201). */
  alsoSucceedsWith?: 200[];
  errorFormat?: ErrorFormat;
  /** The route validates a schedule: its 400 may also be the schedule error body of spec 7.2. */
  scheduleErrors?: boolean;
  /** The route is under login throttling: it may answer 429 RATE_LIMITED with Retry-After. */
  throttled?: boolean;
}>;

const t = initTRPC.context<Context>().meta<Meta>().create({
  // The dashboard face reads the same classification as the REST face (one mapping, http/errors.ts):
  // `appCode` + `details` (per field) for AppErrors and input validation, `scheduleCode` + `field`
  // for schedule errors (spec 7.2), so every error lands on the form field it is about.
  errorFormatter: ({ shape, error }) => {
    const known = classify(error);
    if (isScheduleError(known)) {
      return { ...shape, message: known.message, data: { ...shape.data, appCode: "invalid_schedule", scheduleCode: known.code, field: known.field } };
    }
    if (known.code === "INTERNAL_ERROR") return shape;
    return { ...shape, message: known.message, data: { ...shape.data, appCode: known.code, details: known.details } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Records the procedure's success status for the REST face (ignored by the dashboard face). A
 * procedure whose status depends on the outcome (an upsert: 201 or 200) sets it itself first.
 */
const successStatus = t.middleware(async ({ ctx, meta, next }) => {
  const result = await next();
  if (result.ok && meta?.successStatus && ctx.response.status === undefined) ctx.response.status = meta.successStatus;
  return result;
});

export const publicProcedure = t.procedure.use(successStatus);

const authenticated = t.middleware(async ({ ctx, next }) => {
  const principal: Principal = await authenticate(ctx);
  return next({ ctx: { principal } });
});

/** A signed-in user (JWT bearer or the dashboard session). Service tokens are refused here. */
export const userProcedure = publicProcedure.use(authenticated).use(async ({ ctx, next }) => {
  if (ctx.principal.kind !== "user") {
    throw new AppError("FORBIDDEN", "This endpoint needs a user's access token, not a service token");
  }
  return next({ ctx: { user: ctx.principal } });
});

/**
 * A user or an organization service token acting in the active organization (`X-Org-Slug`, or the
 * caller's default), holding the capability the procedure declares in its meta.
 */
export const orgProcedure = publicProcedure.use(authenticated).use(async ({ ctx, meta, next }) => {
  const org = await resolveOrg(ctx.principal, ctx.headers.get("x-org-slug"));
  const needed = meta?.capability;
  if (needed && !org.capabilities.includes(needed)) {
    throw new AppError("FORBIDDEN", `This needs the ${needed} capability in organization ${org.slug}`);
  }
  return next({ ctx: { org } });
});
