import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { AppError, validationError } from "../../../shared/errors";
import { env } from "../../../env";
import { db } from "../../db";
import { writeTransaction } from "../../transactions";
import { hashToken, randomToken } from "../../auth/tokens";
import { challengeExpiry } from "../../domain/two-factor";

/** The WebAuthn library (and its certificate parsers) loads with the first security-key step, not with the web app. */
const webauthn = () => import("@simplewebauthn/server");

/**
 * WebAuthn security keys and passkeys as a second factor (@simplewebauthn/server). The relying
 * party is APP_URL's host; the origin APP_URL's origin. Registration and each fresh-factor use of
 * a key go through a challenge row (the same table as sign-in challenges), used once.
 */

/** A key's answer as a request carries it: the browser's response and, outside a sign-in, the challenge token it answers. */
export type SecurityKeyAnswer = { challenge?: string; response: unknown };

const relyingParty = () => {
  const url = new URL(env().appUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: "Lifeline" };
};

const transportsOf = (text: string) => (text ? (text.split(",") as AuthenticatorTransport[]) : undefined);

async function keysOf(userId: number) {
  return db().webauthnCredential.findMany({ where: { userId }, orderBy: { id: "asc" } });
}

async function newChallenge(userId: number, purpose: string, webauthnChallenge: string, now: Date) {
  const token = randomToken();
  await db().secondFactorChallenge.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  await db().secondFactorChallenge.create({
    data: { id: hashToken(token), userId, purpose, webauthnChallenge, expiresAt: challengeExpiry(now) },
  });
  return token;
}

/** Takes (deletes) a live challenge of the user for `purpose`; null when there is none. */
async function takeChallenge(userId: number, token: string | undefined, purpose: string, now: Date) {
  if (!token) return null;
  const row = await db().secondFactorChallenge.findUnique({ where: { id: hashToken(token) } });
  if (!row || row.userId !== userId || row.purpose !== purpose || row.expiresAt <= now || !row.webauthnChallenge)
    return null;
  const taken = await db().secondFactorChallenge.deleteMany({ where: { id: row.id } });
  return taken.count === 1 ? row.webauthnChallenge : null;
}

/** Options for the browser's navigator.credentials.create(), and the challenge token to send back. */
export async function registrationOptions(userId: number, now: Date) {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const { rpID, rpName } = relyingParty();
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userID: new TextEncoder().encode(`lifeline-user-${userId}`),
    attestationType: "none",
    excludeCredentials: (await keysOf(userId)).map((k) => ({
      id: k.credentialId,
      transports: transportsOf(k.transports),
    })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  const challenge = await newChallenge(userId, "webauthn_register", options.challenge, now);
  return { challenge, options: options as unknown as Record<string, unknown> };
}

/** Registers the key that answered the registration challenge; two-factor is on from then. */
export async function registerSecurityKey(
  userId: number,
  input: { challenge: string; name: string; response: unknown },
  now: Date,
) {
  const expected = await takeChallenge(userId, input.challenge, "webauthn_register", now);
  if (!expected) throw validationError("challenge", "Invalid or expired registration challenge: start again");
  const { rpID, origin } = relyingParty();
  const { verifyRegistrationResponse } = await webauthn();
  const result = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge: expected,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified || !result.registrationInfo)
    throw validationError("response", "The security key's answer could not be verified");
  const { credential } = result.registrationInfo;
  return writeTransaction(async (tx) => {
    if (await tx.webauthnCredential.findUnique({ where: { credentialId: credential.id }, select: { id: true } }))
      throw validationError("response", "This security key is already registered");
    const key = await tx.webauthnCredential.create({
      data: {
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: BigInt(credential.counter),
        transports: (credential.transports ?? []).join(","),
        name: input.name.trim() || "Security key",
        createdAt: now,
      },
    });
    await tx.user.update({ where: { id: userId }, data: { twoFactor: true } });
    return { id: key.id, name: key.name, created_at: key.createdAt.toISOString(), last_used_at: null };
  });
}

/** Options for navigator.credentials.get() naming the user's keys, with the given challenge. */
export async function authenticationOptions(userId: number, challenge: string) {
  const { rpID } = relyingParty();
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID,
    challenge: Buffer.from(challenge, "base64url"),
    allowCredentials: (await keysOf(userId)).map((k) => ({
      id: k.credentialId,
      transports: transportsOf(k.transports),
    })),
    userVerification: "preferred",
  });
}

/** A challenge for a signed-in user's fresh-factor check with a key (removing a factor, new recovery codes). */
export async function freshKeyChallenge(userId: number, now: Date) {
  const webauthnChallenge = randomToken();
  if ((await keysOf(userId)).length === 0) throw new AppError("NOT_FOUND", "No security key is registered");
  const challenge = await newChallenge(userId, "webauthn_fresh", webauthnChallenge, now);
  const options = await authenticationOptions(userId, webauthnChallenge);
  return { challenge, options: options as unknown as Record<string, unknown> };
}

/**
 * Whether the key's answer holds: signed by a key of the user over the sign-in challenge (or, outside
 * a sign-in, the fresh-factor challenge it names), with a signature counter that moved forward
 * (when the key keeps one).
 */
export async function securityKeyProof(
  userId: number,
  answer: SecurityKeyAnswer,
  now: Date,
  signIn: { webauthnChallenge: string | null } | null,
): Promise<boolean> {
  const expected = signIn
    ? signIn.webauthnChallenge
    : await takeChallenge(userId, answer.challenge, "webauthn_fresh", now);
  const response = answer.response as AuthenticationResponseJSON;
  if (!expected || typeof response?.id !== "string") return false;
  const key = await db().webauthnCredential.findUnique({ where: { credentialId: response.id } });
  if (!key || key.userId !== userId) return false;
  const { rpID, origin } = relyingParty();
  const { verifyAuthenticationResponse } = await webauthn();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: expected,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
      counter: Number(key.counter),
      transports: transportsOf(key.transports),
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) return false;
  const moved = await db().webauthnCredential.updateMany({
    where: { id: key.id, counter: key.counter },
    data: { counter: BigInt(result.authenticationInfo.newCounter), lastUsedAt: now },
  });
  return moved.count === 1;
}

/** Removes a key after a fresh second factor (checked by the caller). */
export async function deleteSecurityKey(userId: number, keyId: number) {
  const removed = await db().webauthnCredential.deleteMany({ where: { id: keyId, userId } });
  if (removed.count === 0) throw new AppError("NOT_FOUND", "Security key not found");
}
