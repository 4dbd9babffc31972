import { AppError } from "../../../shared/errors";
import { capabilitiesOf, type Capability, type Role } from "../../../shared/capabilities";
import { db } from "../../db";
import { mustEnrolSecondFactor } from "../../domain/two-factor";
import type { Principal } from "./principal";

/** The organization a call acts in, and what the caller may do there. */
export type ActiveOrg = {
  id: number;
  slug: string;
  name: string;
  plan: string;
  role: Role | null;
  capabilities: readonly Capability[];
};

/**
 * A user acts in the organization named by `X-Org-Slug`, or in their default one; naming an
 * organization they do not belong to is 403. A service token acts only in its own organization.
 */
export async function resolveOrg(principal: Principal, slugHeader: string | null): Promise<ActiveOrg> {
  const slug = slugHeader?.trim() || null;
  if (principal.kind === "service_token") {
    const org = await db().organization.findUnique({ where: { id: principal.orgId } });
    if (!org) throw new AppError("UNAUTHORIZED", "Invalid or revoked service token");
    if (slug && slug !== org.slug)
      throw new AppError("FORBIDDEN", `This token does not belong to organization ${slug}`);
    return {
      id: org.id,
      slug: org.slug,
      name: org.name,
      plan: org.plan,
      role: null,
      capabilities: principal.capabilities,
    };
  }
  const membership = slug
    ? await db().membership.findFirst({ where: { userId: principal.userId, org: { slug } }, include: withUserFlag })
    : await defaultMembership(principal.userId);
  if (!membership) {
    throw new AppError("FORBIDDEN", slug ? `You are not a member of organization ${slug}` : "You have no organization");
  }
  const role = membership.role as Role;
  const { org } = membership;
  if (mustEnrolSecondFactor(org.requireTwoFactor, membership.user.twoFactor)) throw enrolmentRequired(org.slug);
  return { id: org.id, slug: org.slug, name: org.name, plan: org.plan, role, capabilities: capabilitiesOf(role) };
}

const withUserFlag = { org: true, user: { select: { twoFactor: true } } } as const;

/** A member of an organization that requires two-factor sign-in, without a second factor: 403 until they enrol. */
export const enrolmentRequired = (slug: string) =>
  new AppError(
    "SECOND_FACTOR_ENROLMENT_REQUIRED",
    `Organization ${slug} requires two-factor sign-in: enrol an authenticator app or a security key (Settings, or POST /auth/two-factor/totp) before acting in it`,
  );

async function defaultMembership(userId: number) {
  const user = await db().user.findUnique({ where: { id: userId }, select: { defaultOrgId: true } });
  const preferred = user?.defaultOrgId
    ? await db().membership.findFirst({ where: { userId, orgId: user.defaultOrgId }, include: withUserFlag })
    : null;
  return preferred ?? db().membership.findFirst({ where: { userId }, include: withUserFlag, orderBy: { id: "asc" } });
}
