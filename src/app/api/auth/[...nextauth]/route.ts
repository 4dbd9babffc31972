import NextAuth from "next-auth";
import { authOptions } from "../../../../server/auth/next-auth";
import { assertNotThrottled, clientAddress, loginKeys } from "../../../../server/auth/throttle";
import { errorResponse } from "../../../../server/api/http/errors";
import { AppError } from "../../../../shared/errors";
import { ensureStarted } from "../../../../server/startup";

export const dynamic = "force-dynamic";

async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  await ensureStarted();
  const throttledAnswer = await refusedWhileThrottled(req, (await ctx.params).nextauth);
  if (throttledAnswer) return throttledAnswer;
  return NextAuth(authOptions())(req, ctx);
}

/**
 * The dashboard sign-in shares the REST login's throttle: while the account or the address is
 * throttled, the credentials callback answers 429 with Retry-After and the standard error body
 * (failures themselves are counted in `authorize`).
 */
async function refusedWhileThrottled(req: Request, path: string[]): Promise<Response | null> {
  if (req.method !== "POST" || path.join("/") !== "callback/credentials") return null;
  const form = await req.clone().formData().catch(() => null);
  const email = form?.get("email");
  if (typeof email !== "string" || email === "") return null;
  try {
    await assertNotThrottled(loginKeys(email, clientAddress(req.headers)), new Date());
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return errorResponse(err, { requestId: crypto.randomUUID(), path: new URL(req.url).pathname, format: "standard" });
  }
}

export { handler as GET, handler as POST };
