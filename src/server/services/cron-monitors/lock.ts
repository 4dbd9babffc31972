import type { Prisma } from "../../../generated/prisma/client";
import type { Db } from "../../db";

const ATTEMPTS = 8;

/**
 * Runs `work` in a transaction holding the organization's write lock, so that transactions of one
 * organization that go through here run one after the other (a count and an insert cannot
 * interleave with another create).
 *
 * The lock is a no-op UPDATE of the organization's row as the transaction's first statement. On
 * PostgreSQL it locks that row until commit. On SQLite a write takes the database write lock (the
 * effect of BEGIN IMMEDIATE); other processes wait for the busy timeout. One SQLite case remains: the
 * adapter shares its one connection between transactions and plain queries, so a plain read of
 * another request can slip in between BEGIN and the lock and pin an older snapshot; SQLite then
 * refuses the lock at once with SQLITE_BUSY. That, and PostgreSQL's serialization failures, are
 * retried with a short jittered backoff.
 */
export async function inOrganizationLock<T>(client: Db, orgId: number, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.$transaction(
        async (tx) => {
          await tx.$executeRaw`UPDATE organizations SET plan = plan WHERE id = ${orgId}`;
          return work(tx);
        },
        { maxWait: 15_000, timeout: 15_000 },
      );
    } catch (err) {
      if (attempt >= ATTEMPTS || !isLockContention(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, attempt * 15 + Math.random() * 40));
    }
  }
}

/**
 * SQLite's SQLITE_BUSY family, however Prisma wraps it (P1008 from model queries, P2010 from raw
 * ones, or the driver's own code such as SQLITE_BUSY_SNAPSHOT), or PostgreSQL's write conflict (P2034).
 */
export function isLockContention(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { code, meta } = err as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } };
  if (code === "P1008" || code === "P2034") return true;
  const original = meta?.driverAdapterError?.cause?.originalCode;
  return [code, original].some((c) => typeof c === "string" && c.startsWith("SQLITE_BUSY"));
}
