import crypto from "node:crypto";
import { AppError, validationError } from "../../../shared/errors";
import { db } from "../../db";
import { env } from "../../../env";
import { isUniqueViolation, writeTransaction } from "../../transactions";
import { hashPassword } from "../../auth/passwords";
import { openSecret, sealSecret } from "../../auth/second-factor-secrets";
import { passwordRefused, ssoRole, verifiedEmail, type SsoRole } from "../../domain/sso";
import type { ActiveOrg } from "./org-access";

/**
 * Single sign-on with OpenID Connect, per organization (docs/api-auth.md "Single sign-on"): the
 * settings (the client secret sealed, never answered), the sign-in of an identity the issuer
 * vouched for (just-in-time members, linking), and the password refusal of members who must use it.
 */

export const ssoProviderId = (slug: string) => `sso-${slug}`;
export const slugOfProvider = (providerId: string) =>
  providerId.startsWith("sso-") ? providerId.slice("sso-".length) : null;

const redirectUri = (slug: string) => `${env().appUrl}/api/auth/callback/${ssoProviderId(slug)}`;

type SsoInput = {
  issuer: string;
  client_id: string;
  client_secret?: string;
  default_role: SsoRole;
  role_claim?: string | null;
  role_map?: Record<string, SsoRole>;
  require_sso: boolean;
};

const parseRoleMap = (stored: string): Record<string, SsoRole> => JSON.parse(stored) as Record<string, SsoRole>;
const issuerOf = (url: string) => url.replace(/\/+$/, "");

export async function orgSso(org: ActiveOrg) {
  const row = await db().orgSso.findUnique({ where: { orgId: org.id } });
  return {
    enabled: !!row,
    // The operator's issuer signs members in when the organization has no settings of its own.
    operator_sso: !row && env().operatorSso !== null,
    issuer: row?.issuer ?? null,
    client_id: row?.clientId ?? null,
    client_secret_set: !!row,
    default_role: (row?.defaultRole ?? "member") as SsoRole,
    role_claim: row?.roleClaim ?? null,
    role_map: row ? parseRoleMap(row.roleMap) : {},
    require_sso: row?.requireSso ?? false,
    redirect_uri: redirectUri(org.slug),
    sign_in_url: `${env().appUrl}/login?sso=${encodeURIComponent(org.slug)}`,
  };
}

export async function setOrgSso(org: ActiveOrg, input: SsoInput) {
  const existing = await db().orgSso.findUnique({ where: { orgId: org.id }, select: { clientSecret: true } });
  if (!existing && !input.client_secret) {
    throw validationError("client_secret", "The client secret is needed to turn single sign-on on");
  }
  const data = {
    issuer: issuerOf(input.issuer),
    clientId: input.client_id,
    clientSecret: input.client_secret ? sealSecret(input.client_secret) : existing!.clientSecret,
    defaultRole: input.default_role,
    roleClaim: input.role_claim ?? null,
    roleMap: JSON.stringify(input.role_map ?? {}),
    requireSso: input.require_sso,
  };
  await db().orgSso.upsert({ where: { orgId: org.id }, create: { orgId: org.id, ...data }, update: data });
  return orgSso(org);
}

export async function removeOrgSso(org: ActiveOrg): Promise<void> {
  await db().orgSso.deleteMany({ where: { orgId: org.id } });
}

/**
 * The operator's issuer (env SSO_ISSUER, SSO_CLIENT_ID, SSO_CLIENT_SECRET) as an organization's
 * settings: used by every organization that has none of its own, members created with
 * SSO_DEFAULT_ROLE, no role claim, not required.
 */
function operatorSettings() {
  const op = env().operatorSso;
  return op
    ? { issuer: op.issuer, clientId: op.clientId, defaultRole: op.defaultRole, roleClaim: null, roleMap: "{}" }
    : null;
}

/** What next-auth needs to build the organization's OpenID Connect provider, or null without SSO. */
export async function ssoClient(slug: string) {
  const org = await db().organization.findUnique({ where: { slug }, select: { name: true, sso: true } });
  if (!org) return null;
  const op = env().operatorSso;
  if (!org.sso && op)
    return { slug, name: org.name, issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret };
  const secret = org.sso ? openSecret(org.sso.clientSecret) : null;
  if (!org.sso || secret === null) return null;
  return { slug, name: org.name, issuer: org.sso.issuer, clientId: org.sso.clientId, clientSecret: secret };
}

/** The reasons a single sign-on is refused; the sign-in page says each in words. */
export type SsoRefusal =
  "not_configured" | "no_subject" | "no_email" | "account_exists" | "already_linked" | "not_member";

const refused = (message: string, reason: SsoRefusal) => {
  const err = new AppError("FORBIDDEN", message);
  err.extra = { reason };
  return err;
};

/**
 * A sign-in through the organization's issuer, after next-auth checked the authorization response
 * (state, PKCE, the ID token's issuer, audience, signature and nonce). The identity (issuer +
 * subject) already linked signs its user in. Otherwise, with an email the issuer vouches for: no
 * account with that email creates one just in time, a member with the mapped role; an existing
 * account is linked only when this browser is already signed in as it (an organization's issuer
 * cannot take over an account it did not create). The caller opens the session.
 */
export async function ssoSignIn(
  slug: string,
  claims: Record<string, unknown>,
  signedIn: { userId: number } | null,
): Promise<{ userId: number; email: string; name: string; orgId: number; created: boolean }> {
  const org = await db().organization.findUnique({ where: { slug }, include: { sso: true } });
  const sso = org ? (org.sso ?? operatorSettings()) : null;
  if (!org || !sso) throw refused("Single sign-on is not configured for this organization", "not_configured");
  const subject = typeof claims.sub === "string" ? claims.sub : null;
  if (!subject) throw refused("The identity has no subject", "no_subject");
  const issuer = sso.issuer;
  const mappedRole = ssoRole(claims, {
    defaultRole: sso.defaultRole as SsoRole,
    roleClaim: sso.roleClaim,
    roleMap: parseRoleMap(sso.roleMap),
  });
  const linked = await db().ssoIdentity.findUnique({
    where: { orgId_issuer_subject: { orgId: org.id, issuer, subject } },
    include: { user: true },
  });
  let user = linked?.user ?? null;
  let created = false;
  if (!user) {
    const email = verifiedEmail(claims);
    if (!email) throw refused("The issuer did not give a verified email", "no_email");
    const existing = await db().user.findUnique({ where: { email } });
    if (existing && existing.id !== signedIn?.userId) {
      throw refused(
        "An account with this email exists: sign in with its password first, then with single sign-on to link it",
        "account_exists",
      );
    }
    const passwordHash = existing ? null : await hashPassword(crypto.randomBytes(32).toString("base64url"));
    user = await writeTransaction(async (tx) => {
      const account =
        existing ??
        (await tx.user.create({
          data: {
            email,
            passwordHash: passwordHash!,
            firstName: typeof claims.given_name === "string" ? claims.given_name.slice(0, 100) : "",
            lastName: typeof claims.family_name === "string" ? claims.family_name.slice(0, 100) : "",
            defaultOrgId: org.id,
          },
        }));
      const member = await tx.membership.findUnique({ where: { orgId_userId: { orgId: org.id, userId: account.id } } });
      if (!member) await tx.membership.create({ data: { orgId: org.id, userId: account.id, role: mappedRole } });
      await tx.ssoIdentity.create({ data: { orgId: org.id, userId: account.id, issuer, subject } });
      return account;
    }).catch((err: unknown) => {
      if (isUniqueViolation(err))
        throw refused("This identity or account is already linked; sign in again", "already_linked");
      throw err;
    });
    created = !existing;
  } else if (!(await db().membership.findUnique({ where: { orgId_userId: { orgId: org.id, userId: user.id } } }))) {
    // Removed from the organization since: its issuer no longer signs them in.
    throw refused("This account is no longer a member of the organization", "not_member");
  }
  return {
    userId: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    orgId: org.id,
    created,
  };
}

/** Refuses a right password of a member who must sign in with single sign-on (403 SSO_REQUIRED). */
export async function refusePasswordWhenSsoRequired(userId: number): Promise<void> {
  const links = await db().ssoIdentity.findMany({
    where: { userId, org: { sso: { requireSso: true } } },
    select: { orgId: true, org: { select: { slug: true } } },
  });
  if (links.length === 0) return;
  const roles = await db().membership.findMany({
    where: { userId, orgId: { in: links.map((l) => l.orgId) } },
    select: { orgId: true, role: true },
  });
  const roleIn = new Map(roles.map((r) => [r.orgId, r.role]));
  const withRoles = links.map((l) => ({ requireSso: true, role: roleIn.get(l.orgId) ?? null }));
  if (!passwordRefused(withRoles)) return;
  const slug = links.find((l) => roleIn.has(l.orgId) && roleIn.get(l.orgId) !== "owner")!.org.slug;
  const err = new AppError(
    "SSO_REQUIRED",
    `Organization ${slug} requires single sign-on: sign in through its identity provider`,
  );
  err.extra = { org: slug };
  throw err;
}
