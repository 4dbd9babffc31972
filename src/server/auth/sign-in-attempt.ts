import { AsyncLocalStorage } from "node:async_hooks";
import type { AppError } from "../../shared/errors";

/**
 * One dashboard sign-in as the next-auth route sees it: what next-auth's `authorize` needs beyond the
 * form (the client address, the device cookie) and what it reports back past next-auth (a 429 to
 * answer instead of next-auth's 401, a fault's 500, the device token to set as a cookie after a success).
 */
export type SignInAttempt = {
  address: string | null;
  device: string | null;
  refused: AppError | null;
  /** The request id of a fault inside `authorize` (logged there): the route answers a 500 with it. */
  faultId?: string;
  signedInDevice: string | null;
  /** The second-factor challenge of this browser's sign-in (its HttpOnly cookie), if one is pending. */
  challenge?: string | null;
  /** Set when the password was right and the account needs a second factor: the new challenge. */
  secondFactorChallenge?: string;
  /** The user this browser is already signed in as (a single sign-on sign-in may link their account). */
  signedInAs?: { userId: number } | null;
};

const holder = globalThis as unknown as { lifelineSignIn?: AsyncLocalStorage<SignInAttempt> };
const attempts = () => (holder.lifelineSignIn ??= new AsyncLocalStorage<SignInAttempt>());

export function withSignInAttempt<T>(attempt: SignInAttempt, work: () => T): T {
  return attempts().run(attempt, work);
}

export function currentSignInAttempt(): SignInAttempt | undefined {
  return attempts().getStore();
}
