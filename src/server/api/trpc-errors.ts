import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { ERROR_STATUS, type ErrorCode } from "../../shared/errors";

/**
 * The tRPC error code for each AppError code. Its HTTP status is the one ERROR_STATUS gives the
 * AppError code, so the dashboard face answers with the same statuses as the REST face.
 */
export const TRPC_CODE: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  VALIDATION_ERROR: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  SECOND_FACTOR_REQUIRED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  SECOND_FACTOR_ENROLMENT_REQUIRED: "FORBIDDEN",
  SSO_REQUIRED: "FORBIDDEN",
  PLAN_LIMIT_REACHED: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_SUPPORTED",
  CONFLICT: "CONFLICT",
  INTEGRATION_UNCONFIRMED: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  INTERNAL_ERROR: "INTERNAL_SERVER_ERROR",
  PROBE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

/** The shape fields that carry an AppError code on the tRPC wire: JSON-RPC code, tRPC code, HTTP status. */
export function trpcStatusOf(code: ErrorCode) {
  const key = TRPC_CODE[code];
  return { code: TRPC_ERROR_CODES_BY_KEY[key], key, httpStatus: ERROR_STATUS[code] };
}
