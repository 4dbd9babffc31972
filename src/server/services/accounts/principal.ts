import { AppError } from "../../../shared/errors";
import { parseTokenCapabilities, type Capability } from "../../../shared/capabilities";
import { hashToken, looksLikeJwt, SERVICE_TOKEN_PREFIX, verifyAccessToken } from "../../auth/tokens";
import { db } from "../../db";
import { dashboardUser, sessionAccess, sessionLive, type AccessMemo } from "./session-access";

/** Who is calling: a signed-in user's session, or an organization service token. */
export type Principal =
  | { kind: "user"; userId: number; sessionId: string; label?: string }
  | { kind: "service_token"; tokenId: number; orgId: number; capabilities: Capability[]; label?: string };
// `label`: the user's email or the token's name when the credentials' statement read it (the audit log's actor).

const unauthorized = (message = "Missing or invalid credentials") => new AppError("UNAUTHORIZED", message);

/**
 * The REST interface accepts only `Authorization: Bearer <access token | service token>`; the
 * dashboard only its next-auth session (decisions 5). Revoked sessions and tokens fail at once.
 */
export async function authenticate(input: {
  channel: "rest" | "dashboard";
  headers: Headers;
  dashboardSession: { userId: number; sessionId: string } | null;
  /** The request's reads of its session, shared by its queries (absent: read afresh). */
  accessMemo?: AccessMemo;
}): Promise<Principal> {
  // The session is read with the membership of the organization the request acts in: the same read
  // as an organization's procedure of the same request (authenticateInOrg), so one serves both.
  if (input.channel === "dashboard") {
    const s = input.dashboardSession;
    if (!s || !(await dashboardUser(input))) throw unauthorized("Please sign in");
    return { kind: "user", userId: s.userId, sessionId: s.sessionId };
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(input.headers.get("authorization") ?? "");
  if (!match) throw unauthorized("Missing bearer token in the Authorization header");
  const token = match[1]!;
  if (token.startsWith(SERVICE_TOKEN_PREFIX)) return serviceTokenPrincipal(token);
  if (!looksLikeJwt(token)) throw unauthorized("Invalid token");
  const claims = await verifyAccessToken(token);
  const row = claims
    ? await sessionAccess(claims.sessionId, input.headers.get("x-org-slug"), input.accessMemo)
    : undefined;
  if (!claims || !sessionLive(row, claims.userId, new Date())) {
    throw unauthorized("Invalid or expired access token");
  }
  return { kind: "user", userId: claims.userId, sessionId: claims.sessionId };
}

export async function sessionIsLive(sessionId: string, userId: number, now = new Date()): Promise<boolean> {
  return sessionLive(await sessionAccess(sessionId, null), userId, now);
}

async function serviceTokenPrincipal(token: string): Promise<Principal> {
  const row = await db().serviceToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, orgId: true, capabilities: true, revokedAt: true },
  });
  if (!row || row.revokedAt) throw unauthorized("Invalid or revoked service token");
  const capabilities = parseTokenCapabilities(row.capabilities);
  return { kind: "service_token", tokenId: row.id, orgId: row.orgId, capabilities };
}
