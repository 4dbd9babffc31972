import crypto from "node:crypto";
import { env } from "../../env";
import { signInAccountLimit, signInAddressLimit, signInDeviceLimit } from "../limits/rules";
import type { Limit } from "../limits/counter";

/**
 * Sign-in throttling that an attacker cannot turn against the owner (OWASP's device cookie): a
 * device that signed in to an account before carries a device token (HMAC with APP_SECRET over the
 * user id and a random device id) and is throttled on its own count only; every other attempt
 * counts against the account and the client address. So five failures from elsewhere lock unknown
 * devices out of the account, never the owner's known browser or client. The counts are the shared
 * counter's (limits/counter.ts): each attempt is counted before the password is checked.
 *
 * Where the token travels: the dashboard keeps it in the `lifeline_device` cookie (HttpOnly, sent
 * only to /api/auth); REST clients get it in the `X-Device-Token` header of a successful login and
 * send it back in the same header on their next logins.
 */
export const DEVICE_COOKIE = "lifeline_device";
export const DEVICE_HEADER = "x-device-token";
export const DEVICE_TOKEN_SECONDS = 365 * 24 * 3600;

const sign = (userId: number, deviceId: string) =>
  crypto.createHmac("sha256", env().appSecret).update(`device:${userId}:${deviceId}`).digest("base64url");

/** A new device token for this user. */
export function newDeviceToken(userId: number): string {
  const deviceId = crypto.randomBytes(16).toString("base64url");
  return `${deviceId}.${sign(userId, deviceId)}`;
}

/** The device id of a token that this server signed for this user, else null (constant-time compare). */
export function knownDevice(token: string | null | undefined, userId: number): string | null {
  const [deviceId, signature, extra] = (token ?? "").split(".");
  if (!deviceId || !signature || extra !== undefined || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) return null;
  const expected = Buffer.from(sign(userId, deviceId));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? deviceId : null;
}

/**
 * The limits one sign-in attempt counts against: a known device's own count, or the account's and
 * the address's; and which of them a success forgets (the address counts failures only, so a
 * success gives its hit back instead).
 */
export function signInLimits(
  email: string,
  address: string | null,
  deviceId: string | null,
): { limits: Limit[]; clearOnSuccess: string[] } {
  if (deviceId) {
    const device = signInDeviceLimit(deviceId);
    return { limits: [device], clearOnSuccess: [device.key] };
  }
  const account = signInAccountLimit(email);
  return { limits: [account, ...(address ? [signInAddressLimit(address)] : [])], clearOnSuccess: [account.key] };
}

/** The device cookie's Set-Cookie value (HttpOnly, Lax, only sent to the sign-in routes). */
export function deviceCookie(token: string): string {
  const secure = env().appUrl.startsWith("https://") ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${token}; Path=/api/auth; Max-Age=${DEVICE_TOKEN_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** The pending second-factor challenge of a dashboard sign-in (HttpOnly, only sent to the sign-in routes, 5 minutes). */
export const SECOND_FACTOR_COOKIE = "lifeline_second_factor";
export function secondFactorCookie(token: string | null, maxAgeSeconds: number): string {
  const secure = env().appUrl.startsWith("https://") ? "; Secure" : "";
  return `${SECOND_FACTOR_COOKIE}=${token ?? ""}; Path=/api/auth; Max-Age=${token ? maxAgeSeconds : 0}; HttpOnly; SameSite=Strict${secure}`;
}
