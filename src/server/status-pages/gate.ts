import crypto from "node:crypto";
import { parse as parseCookies } from "cookie";
import { env } from "../../env";
import { AppError } from "../../shared/errors";
import { clientAddress } from "../auth/client-address";
import { dashboardSessionFrom } from "../api/next-auth";
import { verifyPassword } from "../auth/passwords";
import { authenticate } from "../services/accounts/principal";
import { db } from "../db";
import { attempt } from "../limits/counter";
import { statusPagePasswordLimits } from "../limits/rules";
import type { PageGate } from "../services/status-pages/public";

/**
 * Who may see a page: anyone (`public`), a holder of the page's cookie (`password`: an HMAC over the
 * page and its password hash, so a new password ends every cookie), or a signed-in member of the
 * page's organization (`members`). Outsiders of a members page see the same 404 as an unknown slug.
 */
export const cookieName = (pageId: number) => `lifeline_status_${pageId}`;

function pass(page: PageGate): string {
  return crypto
    .createHmac("sha256", env().appSecret)
    .update(`status-page:${page.id}:${page.passwordHash ?? ""}`)
    .digest("base64url");
}

export type Access = "open" | "password_needed" | "hidden";

export async function accessOf(page: PageGate, headers: Headers): Promise<Access> {
  if (page.visibility === "public") return "open";
  if (page.visibility === "password") {
    const sent = parseCookies(headers.get("cookie") ?? "")[cookieName(page.id)];
    if (!sent || !page.passwordHash) return "password_needed";
    const want = Buffer.from(pass(page));
    const got = Buffer.from(sent);
    return got.length === want.length && crypto.timingSafeEqual(got, want) ? "open" : "password_needed";
  }
  try {
    const session = await dashboardSessionFrom(headers);
    if (!session) return "hidden";
    const principal = await authenticate({ channel: "dashboard", headers, dashboardSession: session });
    if (principal.kind !== "user") return "hidden";
    const member = await db().membership.findUnique({
      where: { orgId_userId: { orgId: page.orgId, userId: principal.userId } },
      select: { id: true },
    });
    return member ? "open" : "hidden";
  } catch {
    return "hidden";
  }
}

class WrongPassword extends Error {}

/**
 * Checks a submitted password under the shared counter: ten wrong ones in a row from an address
 * are allowed, the eleventh is refused (429) before argon2 runs; a right one forgets the address's
 * count. Past 20 wrong ones from every address within a minute, the page refuses every attempt
 * until that minute ends (rules.ts). Answers the Set-Cookie values to send, or null for a wrong password.
 */
export async function submitPassword(
  page: PageGate,
  password: string,
  headers: Headers,
  now: Date,
  paths = [`/status/${page.slug}`, `/status/${page.slug}.json`],
): Promise<string[] | null> {
  const limits = statusPagePasswordLimits(page.id, clientAddress(headers));
  try {
    await attempt(
      limits,
      async () => {
        if (!page.passwordHash || !(await verifyPassword(page.passwordHash, password))) throw new WrongPassword();
      },
      { now, isFailure: (err) => err instanceof WrongPassword, clearOnSuccess: [limits[0]!.key] },
    );
  } catch (err) {
    if (err instanceof WrongPassword) return null;
    throw err;
  }
  const secure = env().appUrl.startsWith("https://") ? "; Secure" : "";
  // The page and its twins: `/status/{slug}` also covers `/status/{slug}/feed`; the JSON twin needs its own path
  // (a custom domain's page: `/`).
  return paths.map(
    (path) =>
      `${cookieName(page.id)}=${pass(page)}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${30 * 86_400}${secure}`,
  );
}

export const isRateLimited = (err: unknown): err is AppError => err instanceof AppError && err.code === "RATE_LIMITED";
