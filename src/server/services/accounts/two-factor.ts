import { recordFailedSignIn } from "../audit/record";
import crypto from "node:crypto";
import { AppError, validationError } from "../../../shared/errors";
import { db } from "../../db";
import { writeTransaction } from "../../transactions";
import { hashToken, randomToken } from "../../auth/tokens";
import { attempt } from "../../limits/counter";
import { secondFactorLimits } from "../../limits/rules";
import {
  acceptedStep,
  challengeExpiry,
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
} from "../../domain/two-factor";
import {
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  openSecret,
  recoveryCodeMatches,
  sealSecret,
  totpDelta,
} from "../../auth/second-factor-secrets";
import { deleteSecurityKey, registerSecurityKey, securityKeyProof, type SecurityKeyAnswer } from "./security-keys";

/**
 * Two-factor sign-in: TOTP enrolment (secret and QR code shown once, confirmed by a first code),
 * one-time recovery codes, and the proofs a sign-in or a fresh-factor check accepts. A user's
 * `twoFactor` flag says a confirmed factor exists; sign-in then asks for one (auth.ts).
 */

/** One second factor as a request gives it: a TOTP code, a recovery code, or a security key's answer. */
export type SecondFactorProof = { code?: string; recovery_code?: string; security_key?: SecurityKeyAnswer };

export type TwoFactorStatus = {
  enabled: boolean;
  totp: boolean;
  recovery_codes_left: number;
  security_keys: { id: number; name: string; created_at: string; last_used_at: string | null }[];
};

export async function twoFactorStatus(userId: number): Promise<TwoFactorStatus> {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      twoFactor: true,
      totp: { select: { confirmedAt: true } },
      webauthnCredentials: {
        select: { id: true, name: true, createdAt: true, lastUsedAt: true },
        orderBy: { id: "asc" },
      },
      _count: { select: { recoveryCodes: { where: { usedAt: null } } } },
    },
  });
  return {
    enabled: user.twoFactor,
    totp: !!user.totp?.confirmedAt,
    recovery_codes_left: user._count.recoveryCodes,
    security_keys: user.webauthnCredentials.map((k) => ({
      id: k.id,
      name: k.name,
      created_at: k.createdAt.toISOString(),
      last_used_at: k.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Starts a TOTP enrolment: a new secret, answered once with its otpauth:// URI and a QR code of it.
 * An unconfirmed enrolment is replaced; a confirmed one must be removed first.
 */
export async function startTotpEnrolment(userId: number) {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, totp: true } });
  if (user.totp?.confirmedAt)
    throw new AppError("CONFLICT", "An authenticator app is already enrolled; remove it first");
  const { secret, uri, qrSvg } = await newTotpSecret(user.email);
  const secretSealed = sealSecret(secret);
  await db().totpFactor.upsert({
    where: { userId },
    create: { userId, secretSealed },
    update: { secretSealed, confirmedAt: null, lastStep: 0 },
  });
  return { secret, otpauth_uri: uri, qr_svg: qrSvg };
}

/**
 * Confirms the enrolment with a first code (throttled like sign-in codes). Answers the recovery
 * codes, shown this once, when the user had none left; else an empty list.
 */
export async function confirmTotp(userId: number, code: string, now: Date, address: string | null) {
  const factor = await db().totpFactor.findUnique({ where: { userId } });
  if (!factor || factor.confirmedAt)
    throw new AppError("NOT_FOUND", "No authenticator app enrolment is waiting for its first code");
  await checked(userId, address, now, "code", () => totpProof(userId, code, now, factor));
  return writeTransaction(async (tx) => {
    await tx.totpFactor.update({ where: { userId }, data: { confirmedAt: now } });
    await tx.user.update({ where: { id: userId }, data: { twoFactor: true } });
    const left = await tx.recoveryCode.count({ where: { userId, usedAt: null } });
    return { recovery_codes: left > 0 ? [] : await replaceRecoveryCodes(tx, userId) };
  });
}

/** Removes the authenticator app after a fresh second factor; the last factor's removal turns two-factor off. */
export async function removeTotp(userId: number, proof: SecondFactorProof, now: Date, address: string | null) {
  const factor = await db().totpFactor.findUnique({ where: { userId }, select: { confirmedAt: true } });
  if (!factor) throw new AppError("NOT_FOUND", "No authenticator app is enrolled");
  if (factor.confirmedAt) await freshSecondFactor(userId, proof, now, address);
  await writeTransaction(async (tx) => {
    await tx.totpFactor.delete({ where: { userId } });
    await turnOffWhenNoFactorLeft(tx, userId);
  });
}

/** New recovery codes (the old ones stop working) after a fresh second factor. */
export async function regenerateRecoveryCodes(
  userId: number,
  proof: SecondFactorProof,
  now: Date,
  address: string | null,
) {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { twoFactor: true } });
  if (!user.twoFactor) throw new AppError("CONFLICT", "Recovery codes come with a second factor: enrol one first");
  await freshSecondFactor(userId, proof, now, address);
  return { recovery_codes: await writeTransaction((tx) => replaceRecoveryCodes(tx, userId)) };
}

/** Registers a security key; answers the recovery codes, shown this once, when the user had none left. */
export async function registerKeyWithCodes(
  userId: number,
  input: { challenge: string; name: string; response: unknown },
  now: Date,
) {
  const key = await registerSecurityKey(userId, input, now);
  const left = await db().recoveryCode.count({ where: { userId, usedAt: null } });
  return { ...key, recovery_codes: left > 0 ? [] : await writeTransaction((tx) => replaceRecoveryCodes(tx, userId)) };
}

/** Removes a security key after a fresh second factor; the last factor's removal turns two-factor off. */
export async function removeSecurityKey(
  userId: number,
  keyId: number,
  proof: SecondFactorProof,
  now: Date,
  address: string | null,
) {
  await freshSecondFactor(userId, proof, now, address);
  await deleteSecurityKey(userId, keyId);
  await writeTransaction((tx) => turnOffWhenNoFactorLeft(tx, userId));
}

type Tx = Parameters<Parameters<typeof writeTransaction>[0]>[0];

async function replaceRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: hashes.map((codeHash) => ({ userId, codeHash })) });
  return codes.map(formatRecoveryCode);
}

export async function turnOffWhenNoFactorLeft(tx: Tx, userId: number): Promise<void> {
  const totp = await tx.totpFactor.count({ where: { userId, confirmedAt: { not: null } } });
  const keys = await tx.webauthnCredential.count({ where: { userId } });
  if (totp + keys > 0) return;
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.user.update({ where: { id: userId }, data: { twoFactor: false } });
}

/**
 * A signed-in user proves a second factor again before changing one (removal, new recovery codes,
 * a new security key). A wrong or missing proof is a 400 keyed by the field, throttled like sign-in.
 */
export async function freshSecondFactor(userId: number, proof: SecondFactorProof, now: Date, address: string | null) {
  const field = proofField(proof);
  if (!field)
    throw validationError("code", "Confirm with a code from your authenticator app, a recovery code or a security key");
  await checked(userId, address, now, field, () => proofHolds(userId, proof, now, null));
}

/** Checks a proof under the second-factor limits; a wrong one is refused (400 keyed by `field`). */
async function checked(
  userId: number,
  address: string | null,
  now: Date,
  field: string,
  check: () => Promise<boolean>,
) {
  const limits = secondFactorLimits(userId, address);
  await attempt(
    limits,
    async () => {
      if (!(await check())) throw validationError(field, "This second factor is not valid");
    },
    { now, isFailure: (e) => e instanceof AppError && e.code === "VALIDATION_ERROR", clearOnSuccess: [limits[0]!.key] },
  );
}

const proofField = (proof: SecondFactorProof) =>
  proof.code !== undefined
    ? "code"
    : proof.recovery_code !== undefined
      ? "recovery_code"
      : proof.security_key
        ? "security_key"
        : null;

/** Whether the proof holds, consuming it (the TOTP step, the recovery code, the key's challenge). */
async function proofHolds(
  userId: number,
  proof: SecondFactorProof,
  now: Date,
  signInChallenge: { id: string; webauthnChallenge: string | null } | null,
): Promise<boolean> {
  if (proof.code !== undefined) return totpProof(userId, proof.code, now, null);
  if (proof.recovery_code !== undefined) return recoveryProof(userId, proof.recovery_code, now);
  if (proof.security_key) return securityKeyProof(userId, proof.security_key, now, signInChallenge);
  return false;
}

/**
 * A TOTP code of the enrolled secret, of a time step later than the last accepted one (the step is
 * taken by compare-and-swap: of two requests with one code, one wins).
 */
async function totpProof(
  userId: number,
  code: string,
  now: Date,
  pending: { secretSealed: string; lastStep: number } | null,
): Promise<boolean> {
  const factor = pending ?? (await db().totpFactor.findFirst({ where: { userId, confirmedAt: { not: null } } }));
  const secret = factor ? openSecret(factor.secretSealed) : null;
  if (!factor || !secret) return false;
  const step = acceptedStep(totpDelta(secret, code, now), now, factor.lastStep);
  if (step === null) return false;
  const taken = await db().totpFactor.updateMany({
    where: { userId, lastStep: { lt: step } },
    data: { lastStep: step },
  });
  return taken.count === 1;
}

/** An unused recovery code; every unused one is checked (the same cost whichever matches). */
async function recoveryProof(userId: number, typed: string, now: Date): Promise<boolean> {
  const normalized = normalizeRecoveryCode(typed);
  const unused = await db().recoveryCode.findMany({
    where: { userId, usedAt: null },
    select: { id: true, codeHash: true },
  });
  let match: number | null = null;
  for (const row of unused) if ((await recoveryCodeMatches(row.codeHash, normalized)) && match === null) match = row.id;
  if (match === null) return false;
  const used = await db().recoveryCode.updateMany({ where: { id: match, usedAt: null }, data: { usedAt: now } });
  return used.count === 1;
}

// ---- Sign-in challenges ----

/** The second factors a sign-in may answer with. */
async function methodsOf(userId: number): Promise<string[]> {
  const [totp, keys] = await Promise.all([
    db().totpFactor.count({ where: { userId, confirmedAt: { not: null } } }),
    db().webauthnCredential.count({ where: { userId } }),
  ]);
  return [...(totp ? ["totp"] : []), ...(keys ? ["security_key"] : []), "recovery_code"];
}

/**
 * After a right password of an account with a second factor: a challenge token (stored as its
 * digest, 5 minutes, used once) and the refusal that carries it: 401 SECOND_FACTOR_REQUIRED.
 */
export async function secondFactorChallenge(userId: number, now: Date): Promise<AppError> {
  const token = randomToken();
  const methods = await methodsOf(userId);
  const webauthnChallenge = methods.includes("security_key") ? crypto.randomBytes(32).toString("base64url") : null;
  await db().secondFactorChallenge.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  await db().secondFactorChallenge.create({
    data: { id: hashToken(token), userId, purpose: "sign_in", webauthnChallenge, expiresAt: challengeExpiry(now) },
  });
  const err = new AppError(
    "SECOND_FACTOR_REQUIRED",
    "This account has two-factor sign-in: answer the challenge with a second factor (POST /auth/login/second-factor)",
  );
  err.extra = {
    challenge: token,
    methods,
    expires_in: Math.round((challengeExpiry(now).getTime() - now.getTime()) / 1000),
    ...(webauthnChallenge ? { security_key_options: await signInKeyOptions(userId, webauthnChallenge) } : {}),
  };
  return err;
}

/**
 * The navigator.credentials.get() options of a live sign-in challenge that a security key may
 * answer (the dashboard's second step reads them with the challenge from its cookie); null otherwise.
 */
export async function signInKeyOptionsOf(token: string, now: Date) {
  const challenge = await db().secondFactorChallenge.findUnique({ where: { id: hashToken(token) } });
  if (!challenge || challenge.purpose !== "sign_in" || challenge.expiresAt <= now || !challenge.webauthnChallenge)
    return null;
  return signInKeyOptions(challenge.userId, challenge.webauthnChallenge);
}

async function signInKeyOptions(userId: number, challenge: string) {
  const { authenticationOptions } = await import("./security-keys");
  return authenticationOptions(userId, challenge);
}

/**
 * The second step of a sign-in: the challenge's user, once the proof holds. Wrong proofs answer
 * 401 and count against the user and the address (5 and 20 per window, 429 past them); the
 * challenge is used once.
 */
export async function answerChallenge(
  token: string,
  proof: SecondFactorProof,
  now: Date,
  address: string | null,
): Promise<number> {
  const challenge = await db().secondFactorChallenge.findUnique({ where: { id: hashToken(token) } });
  if (!challenge || challenge.purpose !== "sign_in" || challenge.expiresAt <= now)
    throw new AppError("UNAUTHORIZED", "Invalid or expired sign-in challenge: sign in with the password again");
  const userId = challenge.userId;
  const limits = secondFactorLimits(userId, address);
  await attempt(
    limits,
    async () => {
      if (!proofField(proof) || !(await proofHolds(userId, proof, now, challenge))) {
        await recordFailedSignIn(userId, "second_factor", address, now);
        throw new AppError("UNAUTHORIZED", "Invalid second factor");
      }
    },
    { now, isFailure: (e) => e instanceof AppError && e.code === "UNAUTHORIZED", clearOnSuccess: [limits[0]!.key] },
  );
  const used = await db().secondFactorChallenge.deleteMany({ where: { id: challenge.id } });
  if (used.count !== 1)
    throw new AppError("UNAUTHORIZED", "Invalid or expired sign-in challenge: sign in with the password again");
  return userId;
}
