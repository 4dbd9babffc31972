import { logger, type Logger } from "../../observability/log";
import { redactPath } from "../../observability/redact";
import { TRPCError } from "@trpc/server";
import { AppError, type ErrorCode, type ErrorDetails } from "../../../shared/errors";
import { isoSeconds } from "../../../shared/time";

/**
 * The one mapping from a thrown error to the contract's answer. Chosen per route:
 * `standard` (spec 7.1), `project` (`{error:{message,details?}}`), `assignment` (`{error:"text"}`);
 * schedule errors always answer with the schedule body of spec 7.2.
 */
/**
 * Which contract body a failing REST route answers with (spec 7.1, 7.2; decisions 6):
 * `standard` everywhere but projects (`project`: `{error:{message,details?}}`), project assignment
 * (`assignment`: `{error: "<text>"}`) and schedule errors on cron monitor routes (always spec 7.2).
 */
export type ErrorFormat = "standard" | "project" | "assignment";

export type ErrorContext = { requestId: string; path: string; format: ErrorFormat; now?: Date };

type ScheduleErrorLike = Error & { code: string; field: string | null };

export function isScheduleError(err: unknown): err is ScheduleErrorLike {
  return err instanceof Error && err.name === "ScheduleError" && "field" in err;
}

/** Turns whatever a procedure or the adapter threw into (status, AppError | schedule error). */
export function classify(error: unknown): AppError | ScheduleErrorLike {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof AppError || isScheduleError(cause)) return cause;
  if (error instanceof TRPCError) {
    if (error.code === "PARSE_ERROR") return new AppError("VALIDATION_ERROR", "The request body is not valid JSON");
    if (error.code === "BAD_REQUEST" && cause instanceof Error && cause.name === "ZodError")
      return zodToAppError(cause as unknown as ZodLike);
    if (error.code === "PAYLOAD_TOO_LARGE") return new AppError("PAYLOAD_TOO_LARGE", "The request body is too large");
    const passThrough: Partial<Record<TRPCError["code"], ErrorCode>> = {
      UNAUTHORIZED: "UNAUTHORIZED",
      FORBIDDEN: "FORBIDDEN",
      NOT_FOUND: "NOT_FOUND",
      BAD_REQUEST: "VALIDATION_ERROR",
      UNSUPPORTED_MEDIA_TYPE: "VALIDATION_ERROR",
    };
    const code = passThrough[error.code];
    if (code) return new AppError(code, error.message);
  }
  return new AppError("INTERNAL_ERROR", "Internal server error");
}

type ZodLike = { issues: { path: PropertyKey[]; message: string }[] };

export function zodToAppError(err: ZodLike): AppError {
  const details: ErrorDetails = {};
  for (const issue of err.issues) {
    const key = issue.path.map(String).join(".") || "body";
    (details[key] ??= []).push(issue.message);
  }
  const fields = Object.keys(details);
  return new AppError("VALIDATION_ERROR", `Invalid ${fields.join(", ")}`, details);
}

export function errorResponse(error: AppError | ScheduleErrorLike, ctx: ErrorContext): Response {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Request-Id": ctx.requestId };
  if (error instanceof AppError && error.retryAfterSeconds !== undefined)
    headers["Retry-After"] = String(error.retryAfterSeconds);
  if (isScheduleError(error)) {
    const body = { error: "invalid_schedule", code: error.code, message: error.message, field: error.field };
    return new Response(JSON.stringify(body), { status: 400, headers });
  }
  return new Response(JSON.stringify(errorBody(error, ctx)), { status: error.status, headers });
}

/**
 * Project routes: 404 (and 401) answer `{error:{message}}`, validation `{error:{message, details}}`.
 * Assignment routes: a failed assignment or invalid input is `{error: "<text>"}` (400), while an
 * unknown project answers like the other project routes (404 `{error:{message}}`).
 */
function errorBody(error: AppError, ctx: ErrorContext): unknown {
  if (ctx.format === "assignment" && error.code === "VALIDATION_ERROR") return { error: assignmentText(error) };
  if (ctx.format === "project" || ctx.format === "assignment") {
    return { error: error.details ? { message: error.message, details: error.details } : { message: error.message } };
  }
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      ...error.extra,
    },
    timestamp: isoSeconds(ctx.now ?? new Date()),
    path: ctx.path,
    request_id: ctx.requestId,
  };
}

/** The one-string form keeps the field problems readable: `Invalid service_ids (service_ids: ...)`. */
function assignmentText(error: AppError): string {
  if (!error.details) return error.message;
  const problems = Object.entries(error.details).map(([field, messages]) => `${field}: ${messages.join("; ")}`);
  return `${error.message} (${problems.join("; ")})`;
}

/**
 * One log line for an unexpected failure, with the request id a user will quote: the error's name
 * and message (its start and its end when long: an ORM message opens with a code frame and ends
 * with the cause), and a database error's code and meta when it has them. The path is logged with
 * its credential segment redacted (a ping token, a confirmation token, a badge key: redact.ts).
 */
export function logUnexpected(requestId: string, path: string, error: unknown, log: Logger = logger()): void {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  const text = (cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)).replace(/\s+/g, " ");
  const short = text.length <= 800 ? text : `${text.slice(0, 300)} … ${text.slice(-500)}`;
  const extra = cause && typeof cause === "object" ? (cause as { code?: unknown; meta?: unknown }) : {};
  const detail = {
    ...(typeof extra.code === "string" ? { code: extra.code } : {}),
    ...(extra.meta && typeof extra.meta === "object" ? { meta: extra.meta } : {}),
  };
  log.error({ request_id: requestId, path: redactPath(path), error: short, ...detail });
}
