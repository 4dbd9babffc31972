import crypto from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { env } from "../../env";

/** Access tokens: JWT HS256 signed with APP_SECRET, 15 minutes, carrying user id and session id. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Refresh tokens: opaque, 7 days, stored hashed, rotated on every refresh. */
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 3600;

/** Prefix of organization service tokens, so a bearer credential's kind is known without a lookup. */
export const SERVICE_TOKEN_PREFIX = "llst_";

const secretKey = () => new TextEncoder().encode(env().appSecret);

export async function signAccessToken(userId: number, sessionId: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .setIssuer("lifeline")
    .sign(secretKey());
}

type Claims = { userId: number; sessionId: string };

/**
 * Claims of access tokens already verified, kept until the token expires. A token is immutable and
 * signed, so its claims cannot change; the session row is still read on every request (a revoked
 * session fails at once on every process). Bounded: the oldest entry goes first.
 */
const verified = new Map<string, { claims: Claims; expiresAtMs: number }>();
const MAX_VERIFIED = 10_000;

/** The claims of a valid access token, or null for any invalid, expired or forged one. */
export async function verifyAccessToken(token: string, now = Date.now()): Promise<Claims | null> {
  const known = verified.get(token);
  if (known) {
    if (known.expiresAtMs > now) return known.claims;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, secretKey(), {
      algorithms: ["HS256"],
      issuer: "lifeline",
      currentDate: new Date(now),
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
    const claims = { userId, sessionId: payload.sid };
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/**
 * Tokens are stored as SHA-256 digests and looked up by digest: the secret itself is never compared
 * byte by byte, so the lookup does not leak it through timing.
 */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function looksLikeJwt(token: string): boolean {
  return token.split(".").length === 3;
}
