import { initTRPC } from "@trpc/server";
import { invalidateOrganizationPages } from "../services/status-pages/cache";
import type { OpenApiMeta } from "trpc-to-openapi";
import { AppError } from "../../shared/errors";
import type { Capability } from "../../shared/capabilities";
import type { Context } from "./context";
import { authenticate, type Principal } from "../services/accounts/principal";
import { authenticateInOrg } from "../services/accounts/access";
import { classify, isScheduleError, type ErrorFormat } from "./http/errors";
import { trpcStatusOf } from "./trpc-errors";
import { strictBodyTypes } from "./http/strict-json";
import { auditedMutation } from "../services/audit/record";
import { clientAddress } from "../auth/client-address";
import { logUnexpected } from "./http/errors";

export type { ErrorFormat };

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
  /** The route is under a limit (docs/limits.md): it may answer 429 RATE_LIMITED with Retry-After. */
  throttled?: boolean;
  /** Public, with optional credentials (optionalAuthProcedure): documented as such, with the 401 of bad ones. */
  optionalAuth?: boolean;
  /** When the route answers 409 CONFLICT (documented in the OpenAPI document). */
  conflict?: string;
}>;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Never a stack in an answer, whatever NODE_ENV says (tRPC adds one outside production).
    isDev: false,
    // The dashboard face reads the same classification as the REST face (one mapping, http/errors.ts):
    // `appCode` + `details` (per field) for AppErrors and input validation, `scheduleCode` + `field`
    // for schedule errors (spec 7.2), so every error lands on the form field it is about.
    // The HTTP status (`data.httpStatus`, which tRPC answers with) and the tRPC code follow the
    // AppError's code through ERROR_STATUS, as on the REST face: 5xx only for real faults.
    // A real fault (5xx) answers only "Internal server error", its appCode and the request id; the
    // detail is logged under that id (`logUnexpected`, by the route's onError).
    errorFormatter: ({ shape, error, ctx }) => {
      const known = classify(error);
      if (isScheduleError(known)) {
        const s = trpcStatusOf("VALIDATION_ERROR");
        return {
          ...shape,
          code: s.code,
          message: known.message,
          data: {
            ...shape.data,
            code: s.key,
            httpStatus: s.httpStatus,
            appCode: "invalid_schedule",
            scheduleCode: known.code,
            field: known.field,
          },
        };
      }
      if (known.code === "INTERNAL_ERROR") {
        if (shape.data.httpStatus < 500) return shape; // tRPC's own refusals (a GET of a mutation: 405)
        const data = {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          appCode: "INTERNAL_ERROR" as const,
          request_id: ctx?.requestId,
        };
        return { code: shape.code, message: known.message, data };
      }
      const s = trpcStatusOf(known.code);
      const retry = known.retryAfterSeconds !== undefined ? { retryAfterSeconds: known.retryAfterSeconds } : {};
      return {
        ...shape,
        code: s.code,
        message: known.message,
        data: {
          ...shape.data,
          code: s.key,
          httpStatus: s.httpStatus,
          appCode: known.code,
          details: known.details,
          ...retry,
          ...known.extra,
        },
      };
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

/**
 * One validation for both faces. trpc-to-openapi switches the shared input schemas to coercion the
 * first time the REST face serves a procedure (for query strings), for the life of the process. The
 * REST face refuses JSON bodies whose values do not have the stated types before its adapter runs
 * (rest-handler.ts); this does the same for the dashboard face, whose input is always JSON, so
 * `{"paused":"false"}` is a 400 on both faces whatever was called before.
 */
const strictInput = t.middleware(async ({ ctx, path, getRawInput, next }) => {
  const schema = ctx.channel === "dashboard" ? ctx.inputSchemaOf?.(path) : undefined;
  if (schema) {
    const details = strictBodyTypes(await getRawInput(), schema);
    if (details) throw new AppError("VALIDATION_ERROR", `Invalid ${Object.keys(details).join(", ")}`, details);
  }
  return next();
});

export const publicProcedure = t.procedure.use(successStatus).use(strictInput);

/** A query shares its request's session read; a mutation reads afresh (it may end the session). */
const withAccessMemo = (ctx: Context, type: string) => (type === "query" ? ctx : { ...ctx, accessMemo: undefined });

const authenticated = t.middleware(async ({ ctx, next, type }) => {
  const principal: Principal = await authenticate(withAccessMemo(ctx, type));
  return next({ ctx: { principal } });
});

/**
 * The audit log (services/audit/record.ts): a mutation by a user or a token runs with its entry
 * (what its input changes, secrets taken out), written in the transaction of its change; a refused
 * or failed one records nothing.
 */
async function audited<R extends { ok: boolean }>(
  opts: { ctx: Context; meta: Meta | undefined; path: string; getRawInput: () => Promise<unknown> },
  principal: Principal,
  orgId: number | null,
  run: () => Promise<R>,
): Promise<R> {
  const mutation = {
    procedure: opts.path,
    restPath: opts.meta?.openapi?.path,
    principal,
    orgId,
    input: await opts.getRawInput(),
    address: clientAddress(opts.ctx.headers),
    now: new Date(),
  };
  return auditedMutation(mutation, run, {
    outputOf: (result) => (result as { data?: unknown }).data,
    // An entry written after its change failed: the change is made; a fault to see in the logs.
    onLateFault: (err) => logUnexpected(opts.ctx.requestId, `audit:${opts.path}`, err),
  });
}

/** A signed-in user (JWT bearer or the dashboard session). Service tokens are refused here. */
export const userProcedure = publicProcedure.use(authenticated).use(async (opts) => {
  const { ctx, next, type } = opts;
  if (ctx.principal.kind !== "user") {
    throw new AppError("FORBIDDEN", "This endpoint needs a user's access token, not a service token");
  }
  const user = ctx.principal;
  const run = () => next({ ctx: { user } });
  return type === "mutation" ? audited(opts, user, null, run) : run();
});

/**
 * Anyone: a caller who sends no credentials (no Authorization header on REST, no session on the
 * dashboard) is anonymous (`principal` null); credentials that are sent are checked as usual (401).
 */
export const optionalAuthProcedure = publicProcedure.use(async ({ ctx, next, type }) => {
  const sent = ctx.channel === "dashboard" ? ctx.dashboardSession !== null : ctx.headers.has("authorization");
  const principal: Principal | null = sent ? await authenticate(withAccessMemo(ctx, type)) : null;
  return next({ ctx: { principal } });
});

/**
 * A user or an organization service token acting in the active organization (`X-Org-Slug`, or the
 * caller's default), holding the capability the procedure declares in its meta.
 */
export const orgProcedure = publicProcedure.use(async (opts) => {
  const { ctx, meta, type, next } = opts;
  const { principal, org } = await authenticateInOrg(withAccessMemo(ctx, type), ctx.headers.get("x-org-slug"));
  const needed = meta?.capability;
  if (needed && !org.capabilities.includes(needed)) {
    throw new AppError("FORBIDDEN", `This needs the ${needed} capability in organization ${org.slug}`);
  }
  const run = () => next({ ctx: { principal, org } });
  if (type !== "mutation") return run();
  const result = await audited(opts, principal, org.id, run);
  // A write of the organization may change what its public pages and badges show: their cached
  // answers go, and no other organization's (services/status-pages/cache.ts).
  if (result.ok) invalidateOrganizationPages(org.id);
  return result;
});
