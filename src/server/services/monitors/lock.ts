import type { Prisma } from "../../../generated/prisma/client";
import type { Db } from "../../db";
import { lockOrganization } from "../../storage/row-lock";
import { writeTransaction } from "../../transactions";

/**
 * Runs `work` in a transaction holding the organization's write lock (storage/row-lock.ts), so that
 * transactions of one organization that go through here run one after the other (a count and an
 * insert cannot interleave with another create). Lock contention is retried by writeTransaction.
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
