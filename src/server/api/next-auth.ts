import type { NextAuthOptions } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getToken } from "next-auth/jwt";
import { parse as parseCookies } from "cookie";
import crypto from "node:crypto";
import { env } from "../../env";
import { AppError } from "../../shared/errors";
import { securityKeyAnswer } from "../../shared/schemas/two-factor";
import { logUnexpected } from "./http/errors";
import { logout, openSession, signIn } from "../services/accounts/auth";
import { answerChallenge, secondFactorChallenge } from "../services/accounts/two-factor";
import { knownDevice, newDeviceToken } from "../auth/throttle";
import { db } from "../db";
import { REFRESH_TOKEN_SECONDS } from "../auth/tokens";
import { currentSignInAttempt } from "../auth/sign-in-attempt";
import { slugOfProvider, ssoClient, ssoProviderId, ssoSignIn } from "../services/accounts/sso";
import { guardedLookup } from "../outbound";

/**
 * Dashboard sign-in: next-auth's credentials provider against the same users. Each sign-in opens a
 * server-side session row (kind `dashboard`) whose id rides in the next-auth JWT, so signing out or
 * a password change revokes it at once, exactly like an API session.
 */
export function authOptions(sso: SsoClient | null = null): NextAuthOptions {
  process.env.NEXTAUTH_URL ??= env().appUrl;
  return {
    secret: env().appSecret,
    session: { strategy: "jwt", maxAge: REFRESH_TOKEN_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Authentication code", type: "text" },
          recovery_code: { label: "Recovery code", type: "text" },
          security_key: { label: "Security key's answer (JSON)", type: "text" },
        },
        async authorize(credentials) {
          // The route (app/api/auth/[...nextauth]) runs this inside the attempt it describes: the
          // client address, the device cookie, the second-factor cookie, and where the outcome goes
          // back (429, device cookie, a second-factor challenge).
          const sign = currentSignInAttempt();
          const secondStep = !!(credentials?.code || credentials?.recovery_code || credentials?.security_key);
          if (!secondStep && (!credentials?.email || !credentials.password)) return null;
          try {
            // Throttled exactly like the REST login (and its second step).
            const { user, device } = secondStep
              ? await secondFactorStep(
                  credentials!,
                  sign?.challenge ?? null,
                  sign?.address ?? null,
                  sign?.device ?? null,
                )
              : await signIn(
                  credentials!.email,
                  credentials!.password,
                  new Date(),
                  sign?.address ?? null,
                  sign?.device ?? null,
                );
            if (!secondStep && user.twoFactor) {
              // The password was right and the account has a second factor: the route hands the
              // challenge to the browser in an HttpOnly cookie and answers SecondFactorRequired.
              const challenge = (await secondFactorChallenge(user.id, new Date())).extra?.challenge;
              if (sign && typeof challenge === "string") sign.secondFactorChallenge = challenge;
              return null;
            }
            const { sessionId } = await openSession(user.id, "dashboard", new Date(), {
              method: secondStep ? "second_factor" : "password",
              address: sign?.address ?? null,
            });
            if (sign) sign.signedInDevice = device;
            return {
              id: String(user.id),
              email: user.email,
              name: `${user.firstName} ${user.lastName}`.trim(),
              sessionId,
            };
          } catch (err) {
            if (sign && err instanceof AppError && (err.code === "RATE_LIMITED" || err.code === "SSO_REQUIRED"))
              sign.refused = err;
            // A refusal is a failed sign-in. A fault is logged and reported past next-auth (which
            // would put a thrown message in its redirect URL): the route answers the standard 500.
            if (!(err instanceof AppError)) {
              const requestId = crypto.randomUUID();
              logUnexpected(requestId, "/api/auth/callback/credentials", err);
              if (sign) sign.faultId = requestId;
            }
            return null;
          }
        },
      }),
      ...(sso ? [ssoProvider(sso)] : []),
    ],
    callbacks: {
      signIn: ({ user, account, profile }) =>
        account?.type === "oauth" ? ssoSignedIn(user, account.provider, { ...profile }) : true,
      jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.sid = (user as { sessionId?: string }).sessionId;
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, userId: Number(token.sub) };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await logout(token.sid);
      },
    },
  };
}

type SsoClient = NonNullable<Awaited<ReturnType<typeof ssoClient>>>;

/** The organization's single sign-on provider for this request (the route reads it from the path), if any. */
export async function ssoClientOfPath(path: string): Promise<SsoClient | null> {
  const match = /^(?:signin|callback)\/([^/]+)$/.exec(path);
  const slug = match ? slugOfProvider(match[1]!) : null;
  return slug ? ssoClient(slug) : null;
}

/**
 * An organization's OpenID Connect issuer through next-auth's OAuth provider (openid-client):
 * discovery, authorization code with PKCE, state and nonce; the ID token's signature, issuer,
 * audience and nonce are checked, and an authorization response naming another issuer is refused.
 * Requests to the issuer pass the outbound guard (OUTBOUND_ALLOW_PRIVATE for a private issuer).
 */
function ssoProvider(sso: SsoClient): OAuthConfig<Record<string, unknown>> {
  return {
    id: ssoProviderId(sso.slug),
    name: `${sso.name} single sign-on`,
    type: "oauth",
    wellKnown: `${sso.issuer}/.well-known/openid-configuration`,
    issuer: sso.issuer,
    clientId: sso.clientId,
    clientSecret: sso.clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    httpOptions: { timeout: 5000, lookup: guardedLookup() } as never,
    profile: (claims) => ({ id: String(claims.sub), email: typeof claims.email === "string" ? claims.email : null }),
  };
}

/**
 * The issuer vouched for an identity: sign its user in (services/accounts/sso.ts) and open the
 * dashboard session the JWT carries. A refusal goes back to the sign-in page with its message.
 */
async function ssoSignedIn(user: { id: string }, providerId: string, claims: Record<string, unknown>) {
  const sign = currentSignInAttempt();
  const slug = slugOfProvider(providerId);
  try {
    if (!slug) throw new AppError("FORBIDDEN", "Unknown single sign-on provider");
    const signedIn = await ssoSignIn(slug, claims, sign?.signedInAs ?? null);
    const { sessionId } = await openSession(signedIn.userId, "dashboard", new Date(), {
      method: "sso",
      address: sign?.address ?? null,
    });
    Object.assign(user, { id: String(signedIn.userId), email: signedIn.email, name: signedIn.name, sessionId });
    return true;
  } catch (err) {
    if (err instanceof AppError) {
      const reason = typeof err.extra?.reason === "string" ? err.extra.reason : "refused";
      return `${env().appUrl}/login?error=SsoRefused&reason=${encodeURIComponent(reason)}`;
    }
    logUnexpected(crypto.randomUUID(), `/api/auth/callback/${providerId}`, err);
    return `${env().appUrl}/login?error=SsoFailed`;
  }
}

/** The dashboard's second sign-in step: the challenge (from its cookie) answered with a code, a recovery code or a security key. */
async function secondFactorStep(
  credentials: Record<string, string | undefined>,
  challenge: string | null,
  address: string | null,
  deviceToken: string | null,
) {
  if (!challenge) throw new AppError("UNAUTHORIZED", "Sign in with the password again");
  const proof = credentials.code
    ? { code: credentials.code }
    : credentials.security_key
      ? { security_key: { response: keyAnswer(credentials.security_key) } }
      : { recovery_code: credentials.recovery_code ?? "" };
  const userId = await answerChallenge(challenge, proof, new Date(), address);
  const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
  return { user, device: knownDevice(deviceToken, userId) ? deviceToken! : newDeviceToken(userId) };
}

/** A security key's answer as the sign-in form posts it (JSON); anything else answers nothing, a wrong proof. */
function keyAnswer(json: string): unknown {
  try {
    const parsed = securityKeyAnswer.shape.response.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The dashboard session carried by the next-auth cookie in these request headers, if any. */
export async function dashboardSessionFrom(headers: Headers): Promise<{ userId: number; sessionId: string } | null> {
  // The `cookie` package (next-auth's own parser) leaves a value it cannot decode as it is, so a
  // stray cookie another app set on the domain (`junk=%E0`) is ignored rather than failing the request.
  const cookies = parseCookies(headers.get("cookie") ?? "");
  const token = await getToken({
    req: { headers: Object.fromEntries(headers), cookies } as never,
    secret: env().appSecret,
    secureCookie: env().appUrl.startsWith("https://"),
  });
  const userId = Number(token?.sub);
  if (!token || !Number.isInteger(userId) || typeof token.sid !== "string") return null;
  return { userId, sessionId: token.sid };
}
