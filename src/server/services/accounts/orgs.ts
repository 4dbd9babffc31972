import { isUniqueViolation, writeTransaction } from "../../transactions";
import { AppError, validationError } from "../../../shared/errors";
import type { Prisma } from "../../../generated/prisma/client";
import { randomToken } from "../../auth/tokens";
import { db } from "../../db";
import { isoSeconds } from "../../../shared/time";
import type { Role } from "../../../shared/capabilities";

type Tx = Prisma.TransactionClient;

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "org"
  );
}

async function freeSlug(tx: Tx, base: string): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const slug =
      i === 0
        ? base
        : `${base}-${randomToken(3)
            .toLowerCase()
            .replace(/[^a-z0-9]/g, "x")}`;
    if (!(await tx.organization.findUnique({ where: { slug }, select: { id: true } }))) return slug;
  }
  return `${base}-${Date.now().toString(36)}`;
}

/** Every new user gets a personal organization, in which they are the owner. */
export async function createPersonalOrg(tx: Tx, userId: number, email: string) {
  const local = email.split("@")[0] ?? "me";
  const org = await tx.organization.create({
    data: { slug: await freeSlug(tx, slugify(local)), name: `${local}'s organization` },
  });
  await tx.membership.create({ data: { orgId: org.id, userId, role: "owner" } });
  return org;
}

export type OrgView = { id: number; slug: string; name: string; plan: string; role: Role; created_at: string };

export async function listMyOrgs(userId: number): Promise<OrgView[]> {
  // A raw statement (the join Prisma would make in two reads): the navigation asks for it on every page.
  const rows = await db().$queryRaw<
    { id: number | bigint; slug: string; name: string; plan: string; created_at: Date | string; role: string }[]
  >`SELECT o.id, o.slug, o.name, o.plan, o.created_at, m.role
    FROM memberships m JOIN organizations o ON o.id = m.org_id
    WHERE m.user_id = ${userId} ORDER BY m.org_id`;
  return rows.map((r) => ({
    ...orgView({ id: Number(r.id), slug: r.slug, name: r.name, plan: r.plan, createdAt: new Date(r.created_at) }),
    role: r.role as Role,
  }));
}

export async function createOrg(userId: number, input: { name: string; slug?: string }): Promise<OrgView> {
  const wanted = input.slug ? input.slug : null;
  if (wanted && slugify(wanted) !== wanted) {
    throw validationError("slug", "A slug has lowercase letters, digits and single dashes");
  }
  try {
    const org = await writeTransaction(async (tx) => {
      const slug = wanted ?? (await freeSlug(tx, slugify(input.name)));
      const created = await tx.organization.create({ data: { slug, name: input.name.trim() } });
      await tx.membership.create({ data: { orgId: created.id, userId, role: "owner" } });
      return created;
    });
    return { ...orgView(org), role: "owner" };
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError("slug", "This slug is taken");
    throw err;
  }
}

function orgView(org: { id: number; slug: string; name: string; plan: string; createdAt: Date }) {
  return { id: org.id, slug: org.slug, name: org.name, plan: org.plan, created_at: isoSeconds(org.createdAt) };
}

/** Operator command: `npm run admin -- org:plan <slug> <plan>`. */
export async function setPlan(slug: string, plan: string): Promise<void> {
  const updated = await db().organization.updateMany({ where: { slug }, data: { plan } });
  if (updated.count === 0) throw new AppError("NOT_FOUND", `Organization ${slug} not found`);
}

/** Whether the organization requires two-factor sign-in of its members. */
export async function orgSecurity(orgId: number): Promise<{ require_two_factor: boolean }> {
  const org = await db().organization.findUniqueOrThrow({ where: { id: orgId }, select: { requireTwoFactor: true } });
  return { require_two_factor: org.requireTwoFactor };
}

/**
 * Requires (or stops requiring) two-factor sign-in of the organization's members: members without a
 * second factor are refused (403 SECOND_FACTOR_ENROLMENT_REQUIRED) until they enrol. The one who
 * turns it on must have a second factor.
 */
export async function setOrgSecurity(orgId: number, userId: number, input: { require_two_factor: boolean }) {
  if (input.require_two_factor) {
    const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { twoFactor: true } });
    if (!user.twoFactor)
      throw validationError("require_two_factor", "Enrol a second factor yourself before requiring it of the members");
  }
  await db().organization.update({ where: { id: orgId }, data: { requireTwoFactor: input.require_two_factor } });
  return orgSecurity(orgId);
}
