import { isUniqueViolation, writeTransaction } from "../../transactions";
import crypto from "node:crypto";
import { AppError, validationError } from "../../../shared/errors";
import { db } from "../../db";
import { hashPassword, verifyPassword, burnPasswordCheck } from "../../auth/passwords";
import { hashToken, randomToken, REFRESH_TOKEN_SECONDS, signAccessToken } from "../../auth/tokens";
import { createPersonalOrg } from "./orgs";
import { knownDevice, newDeviceToken, signInLimits } from "../../auth/throttle";
import { clientAddress } from "../../auth/client-address";
import { attempt } from "../../limits/counter";
import { passwordLimits, registerLimits } from "../../limits/rules";
import { refusePasswordWhenSsoRequired } from "./sso";
import { recordFailedSignIn, signInRows } from "../audit/record";
import type { SignInMethod } from "../../domain/audit";
import { answerChallenge, secondFactorChallenge, type SecondFactorProof } from "./two-factor";

const isCode = (code: string) => (err: unknown) => err instanceof AppError && err.code === code;

export type UserSummary = { id: number; email: string; first_name: string; last_name: string };
export type TokenPair = { access: string; refresh: string; user: UserSummary };

const userSummary = (u: { id: number; email: string; firstName: string; lastName: string }): UserSummary => ({
  id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
});

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const WRONG_CREDENTIALS = "Invalid email or password";

/** Registration; failed attempts (an email already taken) are throttled per client address. */
export async function register(
  input: { email: string; password: string; first_name?: string; last_name?: string },
  now = new Date(),
  address: string | null = null,
): Promise<TokenPair> {
  return attempt(registerLimits(address), () => registerUser(input, now), {
    now,
    isFailure: isCode("VALIDATION_ERROR"),
  });
}

async function registerUser(
  input: { email: string; password: string; first_name?: string; last_name?: string },
  now: Date,
): Promise<TokenPair> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const user = await writeTransaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw validationError("email", "A user with this email already exists");
    }
    const created = await tx.user.create({
      data: { email, passwordHash, firstName: input.first_name?.trim() ?? "", lastName: input.last_name?.trim() ?? "" },
    });
    const org = await createPersonalOrg(tx, created.id, email);
    return tx.user.update({ where: { id: created.id }, data: { defaultOrgId: org.id } });
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw validationError("email", "A user with this email already exists");
    throw err;
  });
  return issueSession(user, "api", now);
}

/**
 * Checks credentials under sign-in throttling (throttle.ts): used by the REST login and the
 * dashboard sign-in alike. The attempt is counted (and refused with 429 when a limit is used up)
 * before the password is checked, so parallel guesses get no more checks than the limit. An unknown
 * email answers the same 401 as a wrong password, at the same cost. Answers the user and the device
 * token to hand back (the known device's own, or a new one).
 */
export async function signIn(
  emailInput: string,
  password: string,
  now: Date,
  address: string | null,
  deviceToken: string | null = null,
) {
  const user = await db().user.findUnique({ where: { email: normalizeEmail(emailInput) } });
  const deviceId = user ? knownDevice(deviceToken, user.id) : null;
  const { limits, clearOnSuccess } = signInLimits(emailInput, address, deviceId);
  const signedIn = await attempt(
    limits,
    async () => {
      if (!user) {
        await burnPasswordCheck(password, emailInput);
        throw new AppError("UNAUTHORIZED", WRONG_CREDENTIALS);
      }
      if (!(await verifyPassword(user.passwordHash, password, emailInput))) {
        // Not awaited: a wrong password of an account answers in the time of an unknown email's.
        void recordFailedSignIn(user.id, "password", address, now).catch(() => undefined);
        throw new AppError("UNAUTHORIZED", WRONG_CREDENTIALS);
      }
      return user;
    },
    { now, isFailure: isCode("UNAUTHORIZED"), clearOnSuccess },
  );
  // Only a right password learns that the account must use single sign-on.
  await refusePasswordWhenSsoRequired(signedIn.id);
  return { user: signedIn, device: deviceId ? deviceToken! : newDeviceToken(signedIn.id) };
}

/**
 * The REST login: a token pair, and the device token for the client's next logins. An account with
 * a second factor answers 401 SECOND_FACTOR_REQUIRED with a challenge instead (two-factor.ts),
 * answered at POST /auth/login/second-factor; accounts without one are answered as before.
 */
export async function login(
  input: { email: string; password: string },
  now = new Date(),
  address: string | null = null,
  deviceToken: string | null = null,
): Promise<TokenPair & { device: string }> {
  const { user, device } = await signIn(input.email, input.password, now, address, deviceToken);
  if (user.twoFactor) throw await secondFactorChallenge(user.id, now);
  return { ...(await issueSession(user, "api", now, { method: "password", address })), device };
}

/** The login's second step: the challenge answered with a second factor gives the token pair. */
export async function loginSecondFactor(
  input: SecondFactorProof & { challenge: string },
  now = new Date(),
  address: string | null = null,
  deviceToken: string | null = null,
): Promise<TokenPair & { device: string }> {
  const { challenge, ...proof } = input;
  const user = await db().user.findUniqueOrThrow({
    where: { id: await answerChallenge(challenge, proof, now, address) },
  });
  const device = knownDevice(deviceToken, user.id) ? deviceToken! : newDeviceToken(user.id);
  return { ...(await issueSession(user, "api", now, { method: "second_factor", address })), device };
}

export { clientAddress };

/**
 * Opens a session (used by the REST login and the dashboard sign-in); a sign-in (`signedIn`) is
 * recorded in the audit log of each of the user's organizations.
 */
export async function openSession(
  userId: number,
  kind: "api" | "dashboard",
  now: Date,
  signedIn?: { method: SignInMethod; address: string | null },
) {
  const refresh = randomToken();
  const entry = signedIn ? await signInRows(userId, "sign_in", signedIn.method, signedIn.address, now) : [];
  const id = crypto.randomUUID();
  const session = db().session.create({
    data: {
      id,
      userId,
      kind,
      refreshHash: hashToken(refresh),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000),
    },
    select: { id: true },
  });
  // The session and its sign-in's entry commit together.
  if (entry.length === 0) await session;
  else await db().$transaction([session, db().auditEntry.createMany({ data: entry })]);
  return { sessionId: id, refresh };
}

async function issueSession(
  user: { id: number; email: string; firstName: string; lastName: string },
  kind: "api" | "dashboard",
  now: Date,
  signedIn?: { method: SignInMethod; address: string | null },
): Promise<TokenPair> {
  const { sessionId, refresh } = await openSession(user.id, kind, now, signedIn);
  return { access: await signAccessToken(user.id, sessionId, now), refresh, user: userSummary(user) };
}

/** Rotates the refresh token: the presented one stops working, a new pair is returned. */
export async function refresh(token: string, now = new Date()): Promise<{ access: string; refresh: string }> {
  const next = randomToken();
  const session = await writeTransaction(async (tx) => {
    const found = await tx.session.findUnique({ where: { refreshHash: hashToken(token) } });
    if (!found || found.revokedAt || found.expiresAt <= now) return null;
    // Compare-and-swap on the old hash: of two concurrent refreshes with one token, one wins.
    const swapped = await tx.session.updateMany({
      where: { id: found.id, refreshHash: found.refreshHash, revokedAt: null },
      data: { refreshHash: hashToken(next), expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000) },
    });
    return swapped.count === 1 ? found : null;
  });
  if (!session) throw new AppError("UNAUTHORIZED", "Invalid or expired refresh token");
  return { access: await signAccessToken(session.userId, session.id, now), refresh: next };
}

export async function logout(sessionId: string, now = new Date()): Promise<void> {
  await db().session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } });
}

export async function me(userId: number) {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
  const org = user.defaultOrgId
    ? await db().organization.findUnique({ where: { id: user.defaultOrgId }, select: { slug: true, name: true } })
    : null;
  return { ...userSummary(user), default_org: org ? { slug: org.slug, name: org.name } : null };
}

export async function profile(userId: number): Promise<UserSummary> {
  return userSummary(await db().user.findUniqueOrThrow({ where: { id: userId } }));
}

export async function updateProfile(userId: number, input: { first_name?: string; last_name?: string }) {
  const user = await db().user.update({
    where: { id: userId },
    data: { firstName: input.first_name?.trim(), lastName: input.last_name?.trim() },
  });
  return userSummary(user);
}

/** Changes the password and revokes every other session of the user. */
export async function changePassword(
  userId: number,
  keepSessionId: string,
  input: { current_password: string; new_password: string },
  now = new Date(),
): Promise<void> {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
  await attempt(
    passwordLimits(userId),
    async () => {
      if (!(await verifyPassword(user.passwordHash, input.current_password))) {
        throw validationError("current_password", "The current password is wrong");
      }
    },
    { now, isFailure: isCode("VALIDATION_ERROR"), clearOnSuccess: passwordLimits(userId).map((l) => l.key) },
  );
  const passwordHash = await hashPassword(input.new_password);
  await db().$transaction([
    db().user.update({ where: { id: userId }, data: { passwordHash } }),
    db().session.updateMany({
      where: { userId, id: { not: keepSessionId }, revokedAt: null },
      data: { revokedAt: now },
    }),
  ]);
}
