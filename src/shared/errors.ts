/**
 * AppError: the one error type services throw. The API layer (src/server/api/http/errors.ts) turns
 * it into a status and one of the contract's body shapes.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  /** The password was right; the account has a second factor: answer the challenge (POST /auth/login/second-factor). */
  SECOND_FACTOR_REQUIRED: 401,
  FORBIDDEN: 403,
  /** The organization requires two-factor sign-in and the caller has no second factor: enrol one first. */
  SECOND_FACTOR_ENROLMENT_REQUIRED: 403,
  /** A right password of a member whose organization requires single sign-on: sign in through its issuer. */
  SSO_REQUIRED: 403,
  PLAN_LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** An email integration whose recipient has not confirmed the address yet. */
  INTEGRATION_UNCONFIRMED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** A private probe did not report an off-schedule check in time. */
  PROBE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field name -> messages, as in spec 7.1 `error.details`. */
export type ErrorDetails = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  /** RATE_LIMITED: seconds until a retry may succeed (the Retry-After header). */
  retryAfterSeconds?: number;
  /** Fields the standard error body carries beside code and message (a sign-in's second-factor challenge). */
  extra?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = "Resource") => new AppError("NOT_FOUND", `${what} not found`);

export const validationError = (field: string, message: string) =>
  new AppError("VALIDATION_ERROR", message, { [field]: [message] });
