import { AppError, notFound, validationError } from "../../../shared/errors";
import { PROBE_USE, type Role } from "../../../shared/capabilities";
import { isoSeconds } from "../../../shared/time";
import { db } from "../../db";
import { lockOrganization } from "../../storage/row-lock";
import { writeTransaction } from "../../transactions";
import { PROBE_USE_ROLES, releaseProbesOf } from "../uptime/probe-use";
import { cutMemberEdges, moveDefaultOrgOff } from "./member-edges";
import { invalidateStatusPage } from "../status-pages/cache";
import type { ActiveOrg } from "./org-access";
import { attempt } from "../../limits/counter";
import { inviteLimits } from "../../limits/rules";

export type MemberView = {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  joined_at: string;
};

export async function listMembers(org: ActiveOrg): Promise<MemberView[]> {
  const rows = await db().membership.findMany({
    where: { orgId: org.id },
    include: { user: true },
    orderBy: { id: "asc" },
  });
  return rows.map((m) => ({
    user_id: m.userId,
    email: m.user.email,
    first_name: m.user.firstName,
    last_name: m.user.lastName,
    role: m.role as Role,
    joined_at: isoSeconds(m.createdAt),
  }));
}

const NO_SUCH_USER = "No user with this email; they must register first";

/** Only an owner may grant or take away the owner role. */
function assertMayAssign(org: ActiveOrg, role: Role) {
  if (role === "owner" && org.role !== "owner")
    throw new AppError("FORBIDDEN", "Only an owner can make someone an owner");
}

/**
 * Adds a registered user. An email no user has is a failure throttled like sign-ins (per inviting
 * user and per client address, counted before the lookup), so the answer cannot be used to probe
 * for accounts at speed.
 */
export async function addMember(
  org: ActiveOrg,
  input: { email: string; role: Role },
  by: { inviterId: number; address: string | null; now: Date },
): Promise<MemberView> {
  assertMayAssign(org, input.role);
  const unknownEmail = (err: unknown) => err instanceof AppError && err.details?.email?.[0] === NO_SUCH_USER;
  const user = await attempt(
    inviteLimits(by.inviterId, by.address),
    async () => {
      const found = await db().user.findUnique({ where: { email: input.email.trim().toLowerCase() } });
      if (!found) throw validationError("email", NO_SUCH_USER);
      return found;
    },
    { now: by.now, isFailure: unknownEmail },
  );
  const existing = await db().membership.findUnique({ where: { orgId_userId: { orgId: org.id, userId: user.id } } });
  if (existing) throw validationError("email", "This user is already a member");
  await db().membership.create({ data: { orgId: org.id, userId: user.id, role: input.role } });
  return (await listMembers(org)).find((m) => m.user_id === user.id)!;
}

/**
 * A role below `probe.use` (member, viewer) takes the organization's private probes off the member's
 * services in the same transaction (probe-use.ts); so does removing the member.
 */
export async function changeRole(org: ActiveOrg, userId: number, role: Role): Promise<MemberView> {
  const member = await db().membership.findUnique({ where: { orgId_userId: { orgId: org.id, userId } } });
  if (!member) throw notFound("Member");
  assertMayAssign(org, role);
  if (member.role === "owner") {
    assertMayAssign(org, "owner");
    if (role !== "owner") await assertNotLastOwner(org.id);
  }
  await writeTransaction(async (tx) => {
    await tx.membership.update({ where: { id: member.id }, data: { role } });
    if (!PROBE_USE_ROLES.includes(role)) {
      await releaseProbesOf(
        tx,
        userId,
        org,
        `Probes of organization ${org.slug} no longer check this service: its owner's role there (${role}) does not hold ${PROBE_USE}`,
        new Date(),
      );
    }
  });
  return (await listMembers(org)).find((m) => m.user_id === userId)!;
}

/**
 * Removing a member also cuts every edge of the organization to their services and projects
 * (member-edges.ts), recorded on the objects that held them, and moves their default organization
 * off this one, in the same transaction.
 */
export async function removeMember(org: ActiveOrg, userId: number): Promise<void> {
  const member = await db().membership.findUnique({ where: { orgId_userId: { orgId: org.id, userId } } });
  if (!member) throw notFound("Member");
  if (member.role === "owner") {
    assertMayAssign(org, "owner");
    await assertNotLastOwner(org.id);
  }
  const now = new Date();
  const { pageSlugs } = await writeTransaction(async (tx) => {
    // The organization's lock, which every write of an edge to a member's object takes before it
    // checks the membership (dependencies, page components, window targets): such a write runs
    // wholly before the removal (and its edge is cut below) or wholly after (and is refused).
    await lockOrganization(tx, org.id);
    await tx.membership.delete({ where: { id: member.id } });
    await releaseProbesOf(
      tx,
      userId,
      org,
      `Probes of organization ${org.slug} no longer check this service: its owner is no longer a member there`,
      now,
    );
    await moveDefaultOrgOff(tx, org.id, userId);
    return cutMemberEdges(tx, org, userId, now);
  });
  for (const slug of pageSlugs) invalidateStatusPage(slug);
}

async function assertNotLastOwner(orgId: number) {
  const owners = await db().membership.count({ where: { orgId, role: "owner" } });
  if (owners <= 1) throw validationError("role", "An organization keeps at least one owner");
}
