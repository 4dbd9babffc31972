import { AppError, notFound, validationError } from "../../../shared/errors";
import type { Role } from "../../../shared/capabilities";
import { isoSeconds } from "../../../shared/time";
import { db } from "../../db";
import type { ActiveOrg } from "./access";

export type MemberView = { user_id: number; email: string; first_name: string; last_name: string; role: Role; joined_at: string };

export async function listMembers(org: ActiveOrg): Promise<MemberView[]> {
  const rows = await db().membership.findMany({ where: { orgId: org.id }, include: { user: true }, orderBy: { id: "asc" } });
  return rows.map((m) => ({
    user_id: m.userId,
    email: m.user.email,
    first_name: m.user.firstName,
    last_name: m.user.lastName,
    role: m.role as Role,
    joined_at: isoSeconds(m.createdAt),
  }));
}

/** Only an owner may grant or take away the owner role. */
function assertMayAssign(org: ActiveOrg, role: Role) {
  if (role === "owner" && org.role !== "owner") throw new AppError("FORBIDDEN", "Only an owner can make someone an owner");
}

export async function addMember(org: ActiveOrg, input: { email: string; role: Role }): Promise<MemberView> {
  assertMayAssign(org, input.role);
  const user = await db().user.findUnique({ where: { email: input.email.trim().toLowerCase() } });
  if (!user) throw validationError("email", "No user with this email; they must register first");
  const existing = await db().membership.findUnique({ where: { orgId_userId: { orgId: org.id, userId: user.id } } });
  if (existing) throw validationError("email", "This user is already a member");
  await db().membership.create({ data: { orgId: org.id, userId: user.id, role: input.role } });
  return (await listMembers(org)).find((m) => m.user_id === user.id)!;
}

export async function changeRole(org: ActiveOrg, userId: number, role: Role): Promise<MemberView> {
  const member = await db().membership.findUnique({ where: { orgId_userId: { orgId: org.id, userId } } });
  if (!member) throw notFound("Member");
  assertMayAssign(org, role);
  if (member.role === "owner") {
    assertMayAssign(org, "owner");
    if (role !== "owner") await assertNotLastOwner(org.id);
  }
  await db().membership.update({ where: { id: member.id }, data: { role } });
  return (await listMembers(org)).find((m) => m.user_id === userId)!;
}

export async function removeMember(org: ActiveOrg, userId: number): Promise<void> {
  const member = await db().membership.findUnique({ where: { orgId_userId: { orgId: org.id, userId } } });
  if (!member) throw notFound("Member");
  if (member.role === "owner") {
    assertMayAssign(org, "owner");
    await assertNotLastOwner(org.id);
  }
  await db().membership.delete({ where: { id: member.id } });
}

async function assertNotLastOwner(orgId: number) {
  const owners = await db().membership.count({ where: { orgId, role: "owner" } });
  if (owners <= 1) throw validationError("role", "An organization keeps at least one owner");
}
