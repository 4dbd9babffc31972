import type { Prisma } from "../../../generated/prisma/client";
import type { Db } from "../../db";
import { writeTransaction } from "../../transactions";

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
 * retried by writeTransaction.
 */
export function inOrganizationLock<T>(
  client: Db,
  orgId: number,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  return writeTransaction(async (tx) => {
    await lockOrganization(tx, orgId);
    return work(tx);
  }, client);
}

/** Takes the organization's write lock inside a transaction already running (see inOrganizationLock). */
export async function lockOrganization(tx: Prisma.TransactionClient, orgId: number): Promise<void> {
  await tx.$executeRaw`UPDATE organizations SET plan = plan WHERE id = ${orgId}`;
}
