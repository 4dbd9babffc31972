/**
 * Two-factor sign-in rules (RFC 6238 TOTP, recovery codes, challenges), pure: `now` is passed in.
 * The secrets themselves are handled in auth/second-factor-secrets.ts.
 */

/** TOTP parameters every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (clock drift). */
export const TOTP_WINDOW = 1;

/** A pending second-factor step (a sign-in after the password, a security key's registration) lives 5 minutes. */
export const CHALLENGE_SECONDS = 300;

/** Recovery codes handed out at enrolment (and at each regeneration). */
export const RECOVERY_CODE_COUNT = 10;

export const totpStep = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The time step a code matched (`delta` steps from now's, as the TOTP check answers), if it may be
 * accepted: only a step later than the last one accepted, so a code (or an earlier one) is never
 * accepted twice.
 */
export function acceptedStep(delta: number | null, now: Date, lastStep: number): number | null {
  if (delta === null || Math.abs(delta) > TOTP_WINDOW) return null;
  const step = totpStep(now) + delta;
  return step > lastStep ? step : null;
}

/** A member who must enrol a second factor before acting in the organization. */
export const mustEnrolSecondFactor = (orgRequires: boolean, userHasSecondFactor: boolean): boolean =>
  orgRequires && !userHasSecondFactor;

export const challengeExpiry = (now: Date): Date => new Date(now.getTime() + CHALLENGE_SECONDS * 1000);

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string): string => code.replace(/[\s-]/g, "").toLowerCase();

/** The codes as shown: groups of five separated by a dash. */
export const formatRecoveryCode = (code: string): string => code.replace(/(.{5})(?=.)/g, "$1-");
