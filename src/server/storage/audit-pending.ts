import { AsyncLocalStorage } from "node:async_hooks";
import type { PrismaClient, Prisma } from "../../generated/prisma/client";

/**
 * The audit entry of the change a request is making, written in the same transaction as the change
 * (docs/api-audit-log.md). The request's entry is prepared before the change runs (who, from where,
 * what, in which organizations) and waits here, in the request's async context, for the first write
 * that makes the change:
 * - a write inside a transaction (transactions.ts): the entry is the transaction's last statement;
 * - a single Prisma write outside one (`auditedPrisma`): that write and the entry in one transaction;
 * - the plain monitor insert (the API store): the entry inside the insert's own statement or transaction.
 * The first of these takes the entry; a change that fails before it writes records nothing. Whatever
 * makes its change otherwise (the few raw statements beside Prisma) has it written after the change by
 * the caller (services/audit/record.ts).
 */

/** One row of audit_entries. `objectId` null: the id of the object the change creates, when known. */
export type AuditRow = {
  orgId: number;
  at: Date;
  actorType: string;
  actorId: number | null;
  actorLabel: string;
  address: string | null;
  action: string;
  objectType: string;
  objectId: string | null;
  changes: string;
};

/** `wrote`: the current transaction changed an object; `createdId`: the id of the first object it created. */
type Pending = { rows: AuditRow[]; taken: boolean; wrote: boolean; createdId: string | null };

const context = new AsyncLocalStorage<Pending>();

/** Runs `work` with `rows` waiting for the change's first write. Answers whether they were written. */
export async function withPendingAudit<T>(
  rows: AuditRow[],
  work: () => Promise<T>,
): Promise<{ result: T; written: boolean }> {
  const pending: Pending = { rows, taken: rows.length === 0, wrote: false, createdId: null };
  const result = await context.run(pending, work);
  const written = pending.taken && rows.length > 0;
  // Closed: work the request started that outlives it (a delivery kicked off) carries the context on.
  pending.taken = true;
  return { result, written };
}

/**
 * The rows with the created object's id where they have none: their object id, and the organization
 * of an entry whose change creates it (organization 0).
 */
const withId = (rows: AuditRow[], id: string | null) =>
  id === null
    ? rows
    : rows.map((r) => ({ ...r, objectId: r.objectId ?? id, orgId: r.orgId === 0 ? Number(id) : r.orgId }));

/** Takes the waiting entry (once): its rows, the object id filled in with `createdId` where it has none. */
export function takePendingAudit(createdId?: string | null): AuditRow[] | null {
  const p = context.getStore();
  if (!p || p.taken) return null;
  p.taken = true;
  return withId(p.rows, createdId ?? p.createdId);
}

/**
 * For a transaction of the request (transactions.ts): `begin` at the start of each attempt; `rows`
 * at its end, the entry to write in it if the transaction changed an object (a transaction that only
 * read, or decided to refuse, writes none); `committed` once it committed.
 */
export const transactionAudit = {
  begin() {
    const p = context.getStore();
    if (p && !p.taken) Object.assign(p, { wrote: false, createdId: null });
  },
  rows(): AuditRow[] | null {
    const p = context.getStore();
    return p && !p.taken && p.wrote ? withId(p.rows, p.createdId) : null;
  },
  committed() {
    const p = context.getStore();
    if (p && p.wrote) p.taken = true;
  },
};

const hasPending = () => {
  const p = context.getStore();
  return !!p && !p.taken;
};

/** Writes the rows on `client` (a transaction's): one INSERT. */
export async function insertAuditRows(client: Prisma.TransactionClient, rows: AuditRow[]): Promise<void> {
  if (rows.length === 1) await client.auditEntry.create({ data: rows[0]!, select: { id: true } });
  else if (rows.length > 1) await client.auditEntry.createMany({ data: rows });
}

/** Writes that change the organization's objects (reads and bookkeeping tables never take the entry). */
const WRITES = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "upsert",
  "delete",
  "deleteMany",
]);
const BOOKKEEPING = new Set(["AuditEntry", "RateLimit", "Session", "SecondFactorChallenge"]);

const idText = (v: unknown): string | null => (typeof v === "number" || typeof v === "string" ? String(v) : null);

/**
 * The process's Prisma client with the entry's hook: outside a request with a waiting entry it adds
 * nothing but a lookup per statement (no statement).
 */
export function auditedPrisma(base: PrismaClient): PrismaClient {
  return base.$extends({
    query: {
      $allModels: {
        async $allOperations(params) {
          const { model, operation, args, query } = params;
          if (!hasPending() || !WRITES.has(operation) || BOOKKEEPING.has(model)) return query(args);
          const inTransaction = (params as { __internalParams?: { transaction?: unknown } }).__internalParams
            ?.transaction;
          if (inTransaction) {
            // Part of a transaction: the entry is written at its end (transactions.ts); a create gives its id.
            const result = await query(args);
            const p = context.getStore();
            if (!p) return result;
            p.wrote = true;
            if (operation === "create" && p.createdId === null)
              p.createdId = idText((result as { id?: unknown } | null)?.id);
            return result;
          }
          // Taken now so that nothing else in the request writes it meanwhile; given back if the write fails.
          const p = context.getStore()!;
          p.taken = true;
          const write = base.$transaction(async (tx) => {
            const delegate = (tx as unknown as Record<string, Record<string, (a: unknown) => Promise<unknown>>>)[
              model.charAt(0).toLowerCase() + model.slice(1)
            ]!;
            const result = await delegate[operation]!(args);
            const id = operation === "create" ? idText((result as { id?: unknown } | null)?.id) : null;
            await insertAuditRows(tx, withId(p.rows, id));
            return result;
          });
          return write.catch((err: unknown) => {
            p.taken = false;
            throw err;
          });
        },
      },
    },
  }) as unknown as PrismaClient;
}
