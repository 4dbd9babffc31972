import type { Prisma } from "../generated/prisma/client";
import { db, type Db } from "./db";
import { insertAuditRows, transactionAudit } from "./storage/audit-pending";

const ATTEMPTS = 8;

/**
 * Every interactive write transaction goes through here. On SQLite a transaction that reads before
 * it writes is refused at once with SQLITE_BUSY(_SNAPSHOT) when another process committed in
 * between (the busy timeout cannot help: the snapshot is stale); on PostgreSQL a serialization
 * failure (P2034) is the same story. Both are retried with a short jittered backoff; the work must
 * therefore be safe to run again (it is: a failed attempt rolled back everything it did). Inside a
 * request that changes something, the request's audit entry is the transaction's last statement.
 */
export async function writeTransaction<T>(
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  client: Db = db(),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await client.$transaction(
        async (tx) => {
          transactionAudit.begin();
          const done = await work(tx);
          // The request's audit entry, if this transaction made its change (storage/audit-pending.ts).
          const rows = transactionAudit.rows();
          if (rows) await insertAuditRows(tx, rows);
          return done;
        },
        { maxWait: 15_000, timeout: 15_000 },
      );
      transactionAudit.committed();
      return result;
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
  const { code, meta } = err as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
  };
  if (code === "P1008" || code === "P2034") return true;
  const original = meta?.driverAdapterError?.cause?.originalCode;
  return [code, original].some((c) => typeof c === "string" && c.startsWith("SQLITE_BUSY"));
}

/** A unique constraint refused the write (Prisma P2002). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && "code" in err && (err as { code: string }).code === "P2002";
}
