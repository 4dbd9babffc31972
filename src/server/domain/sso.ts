/**
 * Single sign-on rules (docs/api-auth.md "Single sign-on"): which role a member signing in through
 * an organization's issuer gets, which identity claims are accepted, and whose password is refused.
 */

/** Roles single sign-on may give: never owner (owners are made by owners). */
export const SSO_ROLES = ["admin", "member", "viewer"] as const;
export type SsoRole = (typeof SSO_ROLES)[number];

const RANK: Record<SsoRole, number> = { admin: 3, member: 2, viewer: 1 };

/**
 * The role the claims map to: the highest role any value of the role claim (a string or a list of
 * strings) maps to, else the default role.
 */
export function ssoRole(
  claims: Record<string, unknown>,
  config: { defaultRole: SsoRole; roleClaim: string | null; roleMap: Record<string, SsoRole> },
): SsoRole {
  const raw = config.roleClaim ? claims[config.roleClaim] : undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === "string");
  let best: SsoRole | null = null;
  for (const value of values) {
    const role = Object.hasOwn(config.roleMap, value) ? config.roleMap[value] : undefined;
    if (role && (!best || RANK[role] > RANK[best])) best = role;
  }
  return best ?? config.defaultRole;
}

/** The identity's email when the issuer vouches for it (email present, email_verified not false). */
export function verifiedEmail(claims: Record<string, unknown>): string | null {
  const email = claims.email;
  if (typeof email !== "string" || !/^[^\s@]+@[^\s@]+$/.test(email)) return null;
  if (claims.email_verified === false || claims.email_verified === "false") return null;
  return email.trim().toLowerCase();
}

/**
 * Whether a password sign-in is refused: the user signed in with single sign-on in an organization
 * that requires it, where they are not an owner (owners keep their password, so a broken issuer
 * cannot lock an organization out of its own settings).
 */
export function passwordRefused(links: { requireSso: boolean; role: string | null }[]): boolean {
  return links.some((l) => l.requireSso && l.role !== null && l.role !== "owner");
}
