import crypto from "node:crypto";
import { env } from "../../env";
import { AppError } from "../../shared/errors";
import { db } from "../db";

/**
 * Throttling of password guessing, held in the database so that every process shares the counts.
 * A key collects failures in a fixed window (AUTH_THROTTLE_WINDOW_SECONDS, from its first failure);
 * once a key has its limit of failures, attempts on it answer 429 with Retry-After until the window
 * ends. Unknown emails are counted like known ones, so the answers do not tell whether an account
 * exists. A successful sign-in clears the account's count (not the address's).
 */
export type ThrottleKey = { key: string; limit: number };

export const LIMITS = { account: 5, address: 20, register: 10, password: 5 } as const;

const digest = (s: string) => crypto.createHash("sha256").update(s).digest("hex").slice(0, 32);

export function loginKeys(email: string, address: string | null): ThrottleKey[] {
  return [
    { key: `login-account:${digest(email.trim().toLowerCase())}`, limit: LIMITS.account },
    ...(address ? [{ key: `login-address:${address}`, limit: LIMITS.address }] : []),
  ];
}
export const registerKeys = (address: string | null): ThrottleKey[] =>
  address ? [{ key: `register-address:${address}`, limit: LIMITS.register }] : [];
export const passwordKeys = (userId: number): ThrottleKey[] => [{ key: `password-user:${userId}`, limit: LIMITS.password }];

/**
 * The client's address as the request tells it: the first X-Forwarded-For entry (Next sets it from
 * the socket when the client sent none; behind a proxy, the proxy's entry), else null.
 */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined>): string | null {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  const first = (Array.isArray(raw) ? raw[0] : raw)?.split(",")[0]?.trim();
  return first ? first.slice(0, 64) : null;
}

const windowMs = () => env().authThrottleWindowSeconds * 1000;

export function rateLimited(retryAfterSeconds: number): AppError {
  const err = new AppError("RATE_LIMITED", `Too many failed attempts; try again in ${retryAfterSeconds} seconds`);
  err.retryAfterSeconds = retryAfterSeconds;
  return err;
}

/** Throws RATE_LIMITED (with Retry-After) when any key has used up its failures in its window. */
export async function assertNotThrottled(keys: ThrottleKey[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  const rows = await db().authThrottle.findMany({ where: { key: { in: keys.map((k) => k.key) } } });
  let waitMs = 0;
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)!.limit;
    const end = row.windowStart.getTime() + windowMs();
    if (row.failures >= limit && end > now.getTime()) waitMs = Math.max(waitMs, end - now.getTime());
  }
  if (waitMs > 0) throw rateLimited(Math.ceil(waitMs / 1000));
}

/**
 * Counts one failure on every key: within the key's window it adds one, else a new window starts.
 * Rows whose window has ended are dropped here too (through the window_start index), so the table
 * holds only live counts.
 */
export async function recordFailure(keys: ThrottleKey[], now: Date): Promise<void> {
  const windowFrom = new Date(now.getTime() - windowMs());
  await db().authThrottle.deleteMany({ where: { windowStart: { lte: windowFrom } } });
  for (const { key } of keys) {
    const counted = await db().authThrottle.updateMany({
      where: { key, windowStart: { gt: windowFrom } },
      data: { failures: { increment: 1 } },
    });
    if (counted.count === 0) {
      await db().authThrottle.upsert({ where: { key }, create: { key, failures: 1, windowStart: now }, update: { failures: 1, windowStart: now } });
    }
  }
}

export async function clearFailures(keys: ThrottleKey[]): Promise<void> {
  if (keys.length > 0) await db().authThrottle.deleteMany({ where: { key: { in: keys.map((k) => k.key) } } });
}

/**
 * Runs one guarded attempt: refused with 429 while throttled; a failure (the error `isFailure`
 * picks) is counted and rethrown; a success clears `clearOnSuccess`.
 */
export async function throttled<T>(
  keys: ThrottleKey[],
  attempt: () => Promise<T>,
  opts: { now: Date; isFailure: (err: unknown) => boolean; clearOnSuccess?: ThrottleKey[] },
): Promise<T> {
  await assertNotThrottled(keys, opts.now);
  let result: T;
  try {
    result = await attempt();
  } catch (err) {
    if (opts.isFailure(err)) await recordFailure(keys, opts.now);
    throw err;
  }
  if (opts.clearOnSuccess) await clearFailures(opts.clearOnSuccess);
  return result;
}
