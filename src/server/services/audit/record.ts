import { db } from "../../db";
import { auditChanges, auditCutoff, auditObjectType, type SignInMethod } from "../../domain/audit";
import type { Principal } from "../accounts/principal";

/**
 * Writing the audit log (docs/api-audit-log.md). A change is recorded after it succeeded, so a
 * refused or failed change records nothing; what it changed comes from the request's input with
 * every secret taken out (domain/audit.ts). Entries older than the organization's plan keeps are
 * deleted at most once an hour per process.
 */

/** Procedures that are traffic, not changes by a person or a token: runs reported, probes' work. */
const UNAUDITED = /^(cronRuns|probeAgent)\./;
/** Account routes whose changes are recorded in every organization of the user. */
const ACCOUNT_CHANGES = /^(twoFactor\.|users\.(changePassword|updateProfile))/;

type Actor = { type: "user" | "service_token"; id: number; label: string };

async function actorOf(principal: Principal): Promise<Actor> {
  if (principal.kind === "user") {
    const user = await db().user.findUnique({ where: { id: principal.userId }, select: { email: true } });
    return { type: "user", id: principal.userId, label: user?.email ?? "" };
  }
  const token = await db().serviceToken.findUnique({ where: { id: principal.tokenId }, select: { name: true } });
  return { type: "service_token", id: principal.tokenId, label: token?.name ?? "" };
}

const idOf = (v: unknown): string | null =>
  typeof v === "number" || (typeof v === "string" && v !== "") ? String(v) : null;

/** A successful mutation of either face: which organizations it concerns and what it changed. */
export async function recordMutation(m: {
  procedure: string;
  restPath: string | undefined;
  principal: Principal;
  orgId: number | null;
  input: unknown;
  output: unknown;
  address: string | null;
  now: Date;
}): Promise<void> {
  if (UNAUDITED.test(m.procedure)) return;
  const input = (m.input ?? {}) as Record<string, unknown>;
  let orgIds: number[] = m.orgId !== null ? [m.orgId] : [];
  if (orgIds.length === 0 && typeof input.slug === "string") {
    const org = await db().organization.findUnique({ where: { slug: input.slug }, select: { id: true } });
    if (org) orgIds = [org.id];
  }
  if (orgIds.length === 0 && m.principal.kind === "user" && ACCOUNT_CHANGES.test(m.procedure)) {
    orgIds = await orgsOf(m.principal.userId);
  }
  if (orgIds.length === 0) return;
  const data = (m.output as { data?: { id?: unknown; user_id?: unknown } } | undefined)?.data;
  const objectId = idOf(input.id) ?? idOf(input.user_id) ?? idOf(data?.id) ?? idOf(data?.user_id) ?? idOf(input.slug);
  const actor = await actorOf(m.principal);
  await write(orgIds, actor, m.address, m.now, {
    action: m.procedure,
    objectType: m.restPath ? auditObjectType(m.restPath) : m.procedure.split(".")[0]!,
    objectId,
    changes: auditChanges(m.input),
  });
}

/** A sign-in (or a failed one: a wrong password or second factor) of a user, in each of their organizations. */
export async function recordSignIn(
  userId: number,
  outcome: "sign_in" | "sign_in_failed",
  method: SignInMethod,
  address: string | null,
  now: Date,
): Promise<void> {
  const orgIds = await orgsOf(userId);
  if (orgIds.length === 0) return;
  const user = await db().user.findUnique({ where: { id: userId }, select: { email: true } });
  await write(orgIds, { type: "user", id: userId, label: user?.email ?? "" }, address, now, {
    action: outcome,
    objectType: "session",
    objectId: null,
    changes: { method },
  });
}

async function orgsOf(userId: number): Promise<number[]> {
  const rows = await db().membership.findMany({ where: { userId }, select: { orgId: true } });
  return rows.map((r) => r.orgId);
}

async function write(
  orgIds: number[],
  actor: Actor,
  address: string | null,
  at: Date,
  entry: { action: string; objectType: string; objectId: string | null; changes: Record<string, unknown> },
) {
  const rows = orgIds.map((orgId) => ({
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
  // One organization (most changes): one INSERT, not createMany's transaction around it.
  if (rows.length === 1) await db().auditEntry.create({ data: rows[0]!, select: { id: true } });
  else await db().auditEntry.createMany({ data: rows });
  await pruneNowAndThen(at);
}

const PRUNE_EVERY_MS = 3_600_000;
let prunedAt = 0;

/** Deletes entries older than each organization's plan keeps (at most once an hour per process). */
async function pruneNowAndThen(now: Date) {
  if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
  prunedAt = now.getTime();
  const plans = await db().organization.groupBy({ by: ["plan"], where: { auditEntries: { some: {} } } });
  for (const { plan } of plans) {
    await db().auditEntry.deleteMany({ where: { org: { plan }, at: { lt: auditCutoff(plan, now) } } });
  }
}
