import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { AppError } from "../../../../shared/errors";
import { readBodyLimited } from "../../../../server/api/http/body-limit";
import { authOptions, dashboardSessionFrom, ssoClientOfPath } from "../../../../server/api/next-auth";
import { sessionIsLive } from "../../../../server/services/accounts/principal";
import { parse as parseCookies } from "cookie";
import { clientAddress } from "../../../../server/auth/client-address";
import {
  DEVICE_COOKIE,
  deviceCookie,
  SECOND_FACTOR_COOKIE,
  secondFactorCookie,
} from "../../../../server/auth/throttle";
import { CHALLENGE_SECONDS } from "../../../../server/domain/two-factor";
import { signInKeyOptionsOf } from "../../../../server/services/accounts/two-factor";
import { env } from "../../../../env";
import { withSignInAttempt, type SignInAttempt } from "../../../../server/auth/sign-in-attempt";
import { errorResponse, logUnexpected } from "../../../../server/api/http/errors";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

/** next-auth's routes; a fault answers the standard 500 body (no internals), logged under its request id. */
async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) {
  try {
    return await answer(req, ctx);
  } catch (err) {
    const requestId = crypto.randomUUID();
    const path = new URL(req.url).pathname;
    logUnexpected(requestId, path, err);
    return errorResponse(new AppError("INTERNAL_ERROR", "Internal server error"), {
      requestId,
      path,
      format: "standard",
    });
  }
}

async function answer(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) {
  let request = req;
  if (req.method === "POST") {
    // Sign-in forms are small: the body is read under the 1 MiB cap (body-limit.ts), never whole.
    const body = await readBodyLimited(req);
    if (body instanceof AppError) return Response.json({ error: body.message }, { status: body.status });
    request = new NextRequest(req.url, { method: "POST", headers: req.headers, body: new Uint8Array(body) });
  }
  await ensureStarted();
  const path = (await ctx.params).nextauth.join("/");
  if (request.method === "POST" && path === "callback/credentials") return signInWithCredentials(request, ctx);
  if (request.method === "GET" && path === "second-factor/security-key") return signInKeyOptions(request);
  const sso = await ssoClientOfPath(path);
  if (!sso) return NextAuth(authOptions())(request, ctx);
  // An organization's single sign-on (signin/sso-<slug>, callback/sso-<slug>): its provider is
  // built for this request; the callback learns the client address and who is signed in already.
  const attempt: SignInAttempt = {
    address: clientAddress(request.headers),
    device: null,
    refused: null,
    signedInDevice: null,
    signedInAs: await signedInUser(request.headers),
  };
  return withSignInAttempt(attempt, () => NextAuth(authOptions(sso))(request, ctx));
}

/**
 * The second step's navigator.credentials.get() options: the sign-in challenge stays in its HttpOnly
 * cookie, so the form asks here for what the browser gives the key. 404 without a live challenge
 * that a key may answer.
 */
async function signInKeyOptions(request: NextRequest): Promise<Response> {
  const token = parseCookies(request.headers.get("cookie") ?? "")[SECOND_FACTOR_COOKIE];
  const options = token ? await signInKeyOptionsOf(token, new Date()) : null;
  if (options) return Response.json({ data: options }, { headers: { "Cache-Control": "no-store" } });
  return errorResponse(new AppError("NOT_FOUND", "No sign-in waits for a security key: sign in with the password"), {
    requestId: crypto.randomUUID(),
    path: new URL(request.url).pathname,
    format: "standard",
  });
}

/** The live dashboard session this request carries, if any. */
async function signedInUser(headers: Headers): Promise<{ userId: number } | null> {
  const session = await dashboardSessionFrom(headers);
  return session && (await sessionIsLive(session.sessionId, session.userId)) ? { userId: session.userId } : null;
}

/**
 * The credentials callback, throttled exactly like the REST login (services/auth.signIn, called by
 * next-auth's `authorize`): a throttled attempt answers 429 with Retry-After and the standard error
 * body instead of next-auth's refusal; a success sets the device cookie, so this browser is a known
 * device of the account from then on (throttle.ts).
 */
async function signInWithCredentials(
  request: NextRequest,
  ctx: { params: Promise<{ nextauth: string[] }> },
): Promise<Response> {
  const cookies = parseCookies(request.headers.get("cookie") ?? "");
  const attempt: SignInAttempt = {
    address: clientAddress(request.headers),
    device: cookies[DEVICE_COOKIE] ?? null,
    refused: null,
    signedInDevice: null,
    challenge: cookies[SECOND_FACTOR_COOKIE] || null,
  };
  const response: Response = await withSignInAttempt(attempt, () => NextAuth(authOptions())(request, ctx));
  if (attempt.faultId) {
    return errorResponse(new AppError("INTERNAL_ERROR", "Internal server error"), {
      requestId: attempt.faultId,
      path: new URL(request.url).pathname,
      format: "standard",
    });
  }
  if (attempt.refused?.code === "SSO_REQUIRED") {
    // A right password of a member who must use single sign-on: next-auth's client reads `url`'s error.
    const { code, message } = attempt.refused;
    return Response.json({ url: `${env().appUrl}/login?error=SsoRequired`, error: { code, message } }, { status: 403 });
  }
  if (attempt.refused) {
    return errorResponse(attempt.refused, {
      requestId: crypto.randomUUID(),
      path: new URL(request.url).pathname,
      format: "standard",
    });
  }
  if (attempt.secondFactorChallenge) {
    // The password was right; the account has a second factor. next-auth's client reads `url`'s
    // error (SecondFactorRequired); the challenge stays out of reach of scripts, in its cookie.
    const url = `${env().appUrl}/login?error=SecondFactorRequired`;
    return Response.json(
      { url },
      { status: 401, headers: { "Set-Cookie": secondFactorCookie(attempt.secondFactorChallenge, CHALLENGE_SECONDS) } },
    );
  }
  if (!attempt.signedInDevice) return response;
  const signedIn = new Response(response.body, response);
  signedIn.headers.append("Set-Cookie", deviceCookie(attempt.signedInDevice));
  if (attempt.challenge) signedIn.headers.append("Set-Cookie", secondFactorCookie(null, 0));
  return signedIn;
}

export { handler as GET, handler as POST };
