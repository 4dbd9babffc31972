import { AppError } from "../../../shared/errors";
import { mustEnrolSecondFactor } from "../../domain/two-factor";
import { capabilitiesOf, parseTokenCapabilities, type Role } from "../../../shared/capabilities";
import { hashToken, looksLikeJwt, SERVICE_TOKEN_PREFIX, verifyAccessToken } from "../../auth/tokens";
import { apiStore } from "../../storage/engine";
import { type UserAccessRow } from "../../storage/api-store";
import { sessionAccess, sessionLive as live, type AccessMemo } from "./session-access";
import type { ActiveOrg } from "./org-access";
import type { Principal } from "./principal";
import { enrolmentRequired } from "./org-access";

const unauthorized = (message: string) => new AppError("UNAUTHORIZED", message);

/**
 * The caller and the organization it acts in, in one statement (session, user, membership and
 * organization joined; or the service token with its organization). The same answers, in the same
 * order, as `authenticate` followed by `resolveOrg`: the session and token rows are read on every
 * call, so a revoked session or token fails at once on every process.
 */
export async function authenticateInOrg(
  input: {
    channel: "rest" | "dashboard";
    headers: Headers;
    dashboardSession: { userId: number; sessionId: string } | null;
    /** The request's reads of its session, shared by its queries (absent: read afresh). */
    accessMemo?: AccessMemo;
  },
  slugHeader: string | null,
  now = new Date(),
): Promise<{ principal: Principal; org: ActiveOrg }> {
  const slug = slugHeader?.trim() || null;
  if (input.channel === "dashboard") {
    const s = input.dashboardSession;
    const row = s ? await sessionAccess(s.sessionId, slug, input.accessMemo) : undefined;
    if (!s || !live(row, s.userId, now)) throw unauthorized("Please sign in");
    return userInOrg({ kind: "user", userId: s.userId, sessionId: s.sessionId, label: row.email }, row, slug);
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(input.headers.get("authorization") ?? "");
  if (!match) throw unauthorized("Missing bearer token in the Authorization header");
  const token = match[1]!;
  if (token.startsWith(SERVICE_TOKEN_PREFIX)) return serviceTokenInOrg(token, slug);
  if (!looksLikeJwt(token)) throw unauthorized("Invalid token");
  const claims = await verifyAccessToken(token, now.getTime());
  const row = claims ? await sessionAccess(claims.sessionId, slug, input.accessMemo) : undefined;
  if (!claims || !live(row, claims.userId, now)) throw unauthorized("Invalid or expired access token");
  return userInOrg({ kind: "user", userId: claims.userId, sessionId: claims.sessionId, label: row.email }, row, slug);
}

function userInOrg(principal: Principal, row: UserAccessRow, slug: string | null) {
  if (!row.org || !row.role) {
    throw new AppError("FORBIDDEN", slug ? `You are not a member of organization ${slug}` : "You have no organization");
  }
  if (mustEnrolSecondFactor(row.orgRequiresTwoFactor, row.twoFactor)) throw enrolmentRequired(row.org.slug);
  const role = row.role as Role;
  return { principal, org: { ...row.org, role, capabilities: capabilitiesOf(role) } };
}

async function serviceTokenInOrg(token: string, slug: string | null) {
  const row = await apiStore().tokenAccess(hashToken(token));
  if (!row || row.revoked) throw unauthorized("Invalid or revoked service token");
  const capabilities = parseTokenCapabilities(row.capabilities);
  const principal: Principal = {
    kind: "service_token",
    tokenId: row.tokenId,
    orgId: row.orgId,
    capabilities,
    label: row.name,
  };
  if (!row.org) throw unauthorized("Invalid or revoked service token");
  if (slug && slug !== row.org.slug)
    throw new AppError("FORBIDDEN", `This token does not belong to organization ${slug}`);
  return { principal, org: { ...row.org, role: null, capabilities } };
}
