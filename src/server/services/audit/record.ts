import { orgSlug } from "../../../shared/schemas/accounts";
import { db } from "../../db";
import { auditChanges, auditObjectType, type SignInMethod } from "../../domain/audit";
import { insertAuditRows, withPendingAudit, type AuditRow } from "../../storage/audit-pending";
import type { Principal } from "../accounts/principal";

/**
 * Writing the audit log (docs/api-audit-log.md). A change's entry is prepared before the change runs
 * and written in the same transaction as the change (storage/audit-pending.ts), so a refused or
 * failed change records nothing and no change commits without its entry; what it changed comes from
 * the request's input with every secret taken out (domain/audit.ts). Entries older than the
 * organization's plan keeps are deleted by the sweeper (sweep/retention.ts).
 */

/** Procedures that are traffic, not changes by a person or a token: runs reported, probes' work. */
const UNAUDITED = /^(cronRuns|probeAgent)\./;
/** Account routes whose changes are recorded in every organization of the user. */
const ACCOUNT_CHANGES = /^(twoFactor\.|users\.(changePassword|updateProfile))/;
/** Procedures that create the organization they are recorded in (its id is the created object's). */
const CREATES_ORGANIZATION = new Set(["orgs.create"]);
/** The organization of an entry whose organization is the one its change creates. */
export const NEW_ORGANIZATION = 0;

type Actor = { type: "user" | "service_token"; id: number; label: string };

/** Who acts: the name read with the caller's credentials when there is one (no statement), else read. */
async function actorOf(principal: Principal): Promise<Actor> {
  if (principal.kind === "user") {
    const label =
      principal.label ??
      (await db().user.findUnique({ where: { id: principal.userId }, select: { email: true } }))?.email;
    return { type: "user", id: principal.userId, label: label ?? "" };
  }
  const label =
    principal.label ??
    (await db().serviceToken.findUnique({ where: { id: principal.tokenId }, select: { name: true } }))?.name;
  return { type: "service_token", id: principal.tokenId, label: label ?? "" };
}

const idOf = (v: unknown): string | null =>
  typeof v === "number" || (typeof v === "string" && v !== "") ? String(v) : null;

export type Mutation = {
  procedure: string;
  restPath: string | undefined;
  principal: Principal;
  orgId: number | null;
  input: unknown;
  address: string | null;
  now: Date;
};

/**
 * Runs a mutation of either face with its audit entry waiting for the change's first write, which
 * writes it in its transaction. A mutation that succeeded without taking it (its change made by raw
 * statements outside Prisma) has it written after, the object id then read from its answer.
 */
export async function auditedMutation<R extends { ok: boolean }>(
  m: Mutation,
  run: () => Promise<R>,
  late: { outputOf: (result: R) => unknown; onLateFault: (err: unknown) => void },
): Promise<R> {
  const rows = await mutationRows(m);
  if (rows.length === 0) return run();
  const { result, written } = await withPendingAudit(rows, run);
  if (result.ok && !written) {
    const data = (late.outputOf(result) as { data?: { id?: unknown; user_id?: unknown } } | undefined)?.data;
    const id = idOf(data?.id) ?? idOf(data?.user_id);
    const after = rows.map((r) => ({
      ...r,
      objectId: r.objectId ?? id,
      orgId: r.orgId === NEW_ORGANIZATION ? Number(id) : r.orgId,
    }));
    if (after.every((r) => r.orgId > 0)) await insertAuditRows(db(), after).catch(late.onLateFault);
  }
  return result;
}

/** The entry of a mutation, one row per organization it concerns (none: not recorded). */
async function mutationRows(m: Mutation): Promise<AuditRow[]> {
  if (UNAUDITED.test(m.procedure)) return [];
  const input = (m.input ?? {}) as Record<string, unknown>;
  let orgIds: number[] = m.orgId !== null ? [m.orgId] : [];
  if (orgIds.length === 0 && CREATES_ORGANIZATION.has(m.procedure)) orgIds = [NEW_ORGANIZATION];
  // The raw input, not yet validated (the procedure refuses a bad slug itself): only a storable slug is looked up.
  const slug = orgSlug.safeParse(input.slug);
  if (orgIds.length === 0 && slug.success) {
    const org = await db().organization.findUnique({ where: { slug: slug.data }, select: { id: true } });
    if (org) orgIds = [org.id];
  }
  if (orgIds.length === 0 && m.principal.kind === "user" && ACCOUNT_CHANGES.test(m.procedure)) {
    orgIds = await orgsOf(m.principal.userId);
  }
  if (orgIds.length === 0) return [];
  const slugNames = !CREATES_ORGANIZATION.has(m.procedure);
  const objectId = idOf(input.id) ?? idOf(input.user_id) ?? (slugNames ? idOf(input.slug) : null);
  const actor = await actorOf(m.principal);
  return rowsOf(orgIds, actor, m.address, m.now, {
    action: m.procedure,
    objectType: m.restPath ? auditObjectType(m.restPath) : m.procedure.split(".")[0]!,
    objectId,
    changes: auditChanges(m.input),
  });
}

/** The entry of a sign-in (or a failed one: a wrong password or second factor), in each of the user's organizations. */
export async function signInRows(
  userId: number,
  outcome: "sign_in" | "sign_in_failed",
  method: SignInMethod,
  address: string | null,
  now: Date,
): Promise<AuditRow[]> {
  const orgIds = await orgsOf(userId);
  if (orgIds.length === 0) return [];
  const user = await db().user.findUnique({ where: { id: userId }, select: { email: true } });
  return rowsOf(orgIds, { type: "user", id: userId, label: user?.email ?? "" }, address, now, {
    action: outcome,
    objectType: "session",
    objectId: null,
    changes: { method },
  });
}

/** Records a failed sign-in (nothing changes with it, so nothing to share a transaction with). */
export async function recordFailedSignIn(
  userId: number,
  method: SignInMethod,
  address: string | null,
  now: Date,
): Promise<void> {
  await insertAuditRows(db(), await signInRows(userId, "sign_in_failed", method, address, now));
}

async function orgsOf(userId: number): Promise<number[]> {
  const rows = await db().membership.findMany({ where: { userId }, select: { orgId: true } });
  return rows.map((r) => r.orgId);
}

function rowsOf(
  orgIds: number[],
  actor: Actor,
  address: string | null,
  at: Date,
  entry: { action: string; objectType: string; objectId: string | null; changes: Record<string, unknown> },
): AuditRow[] {
  return orgIds.map((orgId) => ({
    orgId,
    at,
    actorType: actor.type,
    actorId: actor.id,
    actorLabel: actor.label,
    address,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId,
    changes: JSON.stringify(entry.changes),
  }));
}
