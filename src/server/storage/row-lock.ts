import type { Prisma } from "../../generated/prisma/client";

/**
 * The rows whose lock serializes a kind of write: an organization's (its plan's counts and caps), a
 * user's (the services they own), a member's memberships of a probe's organization (the probe right
 * checked by a service edit, against a removal or demotion).
 */
export type LockedRow = { organization: number } | { user: number } | { member: number; ofProbe: number };

/**
 * Takes a row's write lock inside a transaction already running, so that transactions taking the
 * same lock run one after the other (a count and an insert cannot interleave with another's).
 *
 * The lock is a no-op UPDATE of the row as the transaction's first write. On PostgreSQL it locks
 * that row until commit. On SQLite a write takes the database write lock (the effect of BEGIN
 * IMMEDIATE); other processes wait for the busy timeout. One SQLite case remains: the adapter shares
 * its one connection between transactions and plain queries, so a plain read of another request can
 * slip in between BEGIN and the lock and pin an older snapshot; SQLite then refuses the lock at once
 * with SQLITE_BUSY. That, and PostgreSQL's serialization failures, are retried by writeTransaction
 * (transactions.ts).
 */
export async function lockRow(tx: Prisma.TransactionClient, row: LockedRow): Promise<void> {
  if ("organization" in row) await tx.$executeRaw`UPDATE organizations SET plan = plan WHERE id = ${row.organization}`;
  else if ("user" in row) await tx.$executeRaw`UPDATE users SET default_org_id = default_org_id WHERE id = ${row.user}`;
  else
    await tx.$executeRaw`UPDATE memberships SET role = role WHERE user_id = ${row.member} AND org_id = (SELECT org_id FROM probes WHERE id = ${row.ofProbe})`;
}

/** The organization's write lock (lockRow). */
export const lockOrganization = (tx: Prisma.TransactionClient, orgId: number) => lockRow(tx, { organization: orgId });
