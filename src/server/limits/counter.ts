import { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../shared/errors";
import { db } from "../db";

/**
 * The one fixed-window counter behind every limit (docs/limits.md): sign-in, registration and
 * invitation throttling, run-now, test deliveries, and in-flight markers (a limit of 1 whose window
 * is the marker's expiry). Counts live in table `rate_limits`, so every process shares them.
 *
 * `consume` counts the attempt BEFORE the work it guards, in one statement for all its keys: each
 * key gains a hit (or starts a new window when its window has ended), and the attempt is refused
 * with 429 RATE_LIMITED and Retry-After when any key is then over its limit. A refused attempt gives
 * back its hit on the keys that admitted it, so it uses up nothing but the exhausted key. Whatever
 * number of processes consume at once, at most `max` attempts per window get through.
 */
export type Limit = {
  key: string;
  max: number;
  windowSeconds: number;
  /** The refusal's message; `{s}` becomes the seconds to wait. */
  message: string;
};

type Row = { key: string; hits: number | bigint; window_end: number | bigint | string };

export async function consume(limits: readonly Limit[], now: Date): Promise<void> {
  if (limits.length === 0) return;
  await pruneExpired(now);
  const nowMs = now.getTime();
  const values = Prisma.join(limits.map((l) => Prisma.sql`(${l.key}, 1, ${BigInt(nowMs + l.windowSeconds * 1000)})`));
  const rows = await db().$queryRaw<Row[]>`
    INSERT INTO rate_limits ("key", hits, window_end) VALUES ${values}
    ON CONFLICT ("key") DO UPDATE SET
      hits = CASE WHEN rate_limits.window_end <= ${BigInt(nowMs)} THEN 1 ELSE rate_limits.hits + 1 END,
      window_end = CASE WHEN rate_limits.window_end <= ${BigInt(nowMs)} THEN excluded.window_end ELSE rate_limits.window_end END
    RETURNING "key", hits, window_end`;
  const refusal = refusalOf(limits, rows, nowMs);
  if (!refusal) return;
  await refund(refusal.admitted);
  throw rateLimited(refusal.limit.message, refusal.retryAfterSeconds);
}

/** The first exhausted limit (and the keys that admitted the attempt), or null when all admit it. */
export function refusalOf(limits: readonly Limit[], rows: readonly Row[], nowMs: number) {
  let refused: { limit: Limit; retryAfterSeconds: number } | null = null;
  const admitted: string[] = [];
  for (const limit of limits) {
    const row = rows.find((r) => r.key === limit.key);
    if (!row) continue;
    if (Number(row.hits) <= limit.max) {
      admitted.push(limit.key);
      continue;
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((Number(row.window_end) - nowMs) / 1000));
    if (!refused || retryAfterSeconds > refused.retryAfterSeconds) refused = { limit, retryAfterSeconds };
  }
  return refused ? { ...refused, admitted } : null;
}

/** Gives back one hit on each key (an attempt that turned out not to count). */
export async function refund(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db().$executeRaw`UPDATE rate_limits SET hits = hits - 1 WHERE "key" IN (${Prisma.join(keys)}) AND hits > 0`;
}

/** Forgets the keys' counts (a success that starts the count over, a finished in-flight marker). */
export async function release(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db().$executeRaw`DELETE FROM rate_limits WHERE "key" IN (${Prisma.join(keys)})`;
}

/**
 * Runs `work` as one counted attempt: refused with 429 when a limit is exhausted; an error that
 * `isFailure` picks keeps its hit; any other outcome gives it back, except on the keys of
 * `clearOnSuccess`, whose counts a success forgets altogether.
 */
export async function attempt<T>(
  limits: readonly Limit[],
  work: () => Promise<T>,
  opts: { now: Date; isFailure: (err: unknown) => boolean; clearOnSuccess?: readonly string[] },
): Promise<T> {
  await consume(limits, opts.now);
  const keys = limits.map((l) => l.key);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    if (!opts.isFailure(err)) await refund(keys);
    throw err;
  }
  const cleared = opts.clearOnSuccess ?? [];
  await release(cleared);
  await refund(keys.filter((k) => !cleared.includes(k)));
  return result;
}

export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  const err = new AppError("RATE_LIMITED", message.replace("{s}", String(retryAfterSeconds)));
  err.retryAfterSeconds = retryAfterSeconds;
  return err;
}

/** Rows whose window has ended are dropped at most once a minute per process (through the window_end index). */
const PRUNE_EVERY_MS = 60_000;
const pruneState = globalThis as unknown as { lifelineRateLimitPrunedAt?: number };

async function pruneExpired(now: Date): Promise<void> {
  const last = pruneState.lifelineRateLimitPrunedAt ?? 0;
  if (now.getTime() - last < PRUNE_EVERY_MS && now.getTime() >= last) return;
  pruneState.lifelineRateLimitPrunedAt = now.getTime();
  await db().$executeRaw`DELETE FROM rate_limits WHERE window_end <= ${BigInt(now.getTime())}`;
}
