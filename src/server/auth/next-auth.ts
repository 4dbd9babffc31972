import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getToken } from "next-auth/jwt";
import { env } from "../../env";
import { clientAddress, logout, openSession, signIn } from "../services/auth";
import { REFRESH_TOKEN_SECONDS } from "./tokens";

/**
 * Dashboard sign-in: next-auth's credentials provider against the same users. Each sign-in opens a
 * server-side session row (kind `dashboard`) whose id rides in the next-auth JWT, so signing out or
 * a password change revokes it at once, exactly like an API session.
 */
export function authOptions(): NextAuthOptions {
  process.env.NEXTAUTH_URL ??= env().appUrl;
  return {
    secret: env().appSecret,
    session: { strategy: "jwt", maxAge: REFRESH_TOKEN_SECONDS },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) return null;
          try {
            // Throttled exactly like the REST login (the route answers 429 before this when throttled).
            const user = await signIn(credentials.email, credentials.password, new Date(), clientAddress(req?.headers ?? {}));
            const { sessionId } = await openSession(user.id, "dashboard", new Date());
            return { id: String(user.id), email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), sessionId };
          } catch {
            return null;
          }
        },
      }),
    ],
    callbacks: {
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

/** The dashboard session carried by the next-auth cookie in these request headers, if any. */
export async function dashboardSessionFrom(headers: Headers): Promise<{ userId: number; sessionId: string } | null> {
  const cookies = Object.fromEntries(
    (headers.get("cookie") ?? "").split(/;\s*/).filter(Boolean).map((c) => {
      const i = c.indexOf("=");
      return [decodeURIComponent(c.slice(0, i)), decodeURIComponent(c.slice(i + 1))];
    }),
  );
  const token = await getToken({
    req: { headers: Object.fromEntries(headers), cookies } as never,
    secret: env().appSecret,
    secureCookie: env().appUrl.startsWith("https://"),
  });
  const userId = Number(token?.sub);
  if (!token || !Number.isInteger(userId) || typeof token.sid !== "string") return null;
  return { userId, sessionId: token.sid };
}
